import {
  MARKETPLACE_NAMES,
  isInPerson,
  type SaleEvent,
  type SaleOutcomeView,
} from '@listloop/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleMinus,
  IconCopy,
  IconEyeOff,
  IconRefresh,
  IconSettings,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { errorText } from '../../../lib/error-text';
import { listingErrorText } from '../../../lib/listings/listing-error-text';
import { saleWhere } from '../../../lib/sales/sale-channel';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { useSignedInSession } from '../../../lib/session';
import { useDismissSaleEvent, useRetryDelist } from '../hooks/use-sale-event-actions';
import { SaleSteps } from './sale-steps';
import {
  canChangeSaleDetection,
  outcomeText,
  retryView,
  soldOnText,
  knownAfterText,
  sourceText,
  timeSince,
} from '../sale-event-view';
import { saleDetectionMessages as m } from '../sale-detection.messages';

/** The buyer's country by name in the seller's language; the code when it has no name. */
function countryName(intl: ReturnType<typeof useIntl>, code: string | null): string | null {
  if (!code) return null;
  try {
    return intl.formatDisplayName(code.toUpperCase(), { type: 'region' }) ?? code;
  } catch {
    return code;
  }
}

/** A fact of the sale's line. */
function Fact({ children, strong = false }: { children: ReactNode; strong?: boolean }) {
  return (
    <Text
      component="span"
      inherit
      fw={strong ? 600 : undefined}
      c={strong ? 'var(--mantine-color-text)' : undefined}
    >
      {children}
    </Text>
  );
}

/**
 * The sale's facts as one line of text that wraps like a sentence: the dot is held to the fact
 * before it (a no-break space), so a wrapped line never starts with one.
 */
function Facts({ parts }: { parts: ReactNode[] }) {
  return (
    <Text fz="sm" c="dimmed" m={0}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <span aria-hidden>{'\u00a0· '}</span>}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}

/** A double sale: where the unit sold first, and what the seller must do about it. */
function DoubleSaleAlert({ event }: { event: SaleEvent }) {
  const intl = useIntl();
  const first = event.firstSoldOn;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconCopy size={18} />}
      title={intl.formatMessage(m.doubleSaleTitle)}
      p="sm"
    >
      <Stack gap={4}>
        <Text fz="sm">
          {first
            ? intl.formatMessage(m.doubleSaleBody, saleWhere(first))
            : intl.formatMessage(m.doubleSaleBodyUnknown)}
        </Text>
        {/* A sale the seller recorded has no marketplace order to cancel. */}
        {event.source !== 'manual' && !isInPerson(event.marketplace) && (
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(m.order, {
              marketplace: MARKETPLACE_NAMES[event.marketplace],
              order: event.externalOrderId,
            })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function OutcomeIcon({ outcome }: { outcome: SaleOutcomeView['outcome'] }) {
  switch (outcome) {
    case 'delist_queued':
    case 'relist_queued':
    case 'list_queued':
      return <Loader size={10} color="blue" type="oval" />;
    case 'delisted':
    case 'relisted':
      return <IconCircleCheck size={12} />;
    case 'delist_failed':
    case 'relist_failed':
    case 'not_enabled':
      return <IconAlertTriangle size={12} />;
    default:
      return <IconCircleMinus size={12} />;
  }
}

function OutcomeRow({
  event,
  outcome,
  canDelist,
  ownSettings,
}: {
  event: SaleEvent;
  outcome: SaleOutcomeView;
  canDelist: boolean;
  /** The viewer can change the setting that decided this sale's outcomes. */
  ownSettings: boolean;
}) {
  const intl = useIntl();
  const retry = useRetryDelist();
  const text = outcomeText(intl, outcome, event);
  const retryState = retryView(text, canDelist, retry);
  const name = MARKETPLACE_NAMES[outcome.marketplace];
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py={8}
      data-testid={`sale-outcome-${outcome.marketplace}`}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text fz="sm" fw={600} miw={84}>
            {name}
          </Text>
          <Badge
            variant="light"
            color={text.color}
            radius="sm"
            tt="none"
            fw={600}
            leftSection={<OutcomeIcon outcome={outcome.outcome} />}
          >
            {text.label}
          </Badge>
        </Group>
        {text.detail && (
          <Text
            fz="xs"
            c={text.color === 'red' ? 'red.8' : 'dimmed'}
            style={{ overflowWrap: 'anywhere' }}
          >
            {text.detail}
          </Text>
        )}
        {text.settingsLink && ownSettings && (
          <Anchor component={Link} to="/app/settings" fz="xs" w="fit-content">
            <Group gap={4} wrap="nowrap" component="span">
              <IconSettings size={12} aria-hidden />
              {intl.formatMessage(m.openSettings)}
            </Group>
          </Anchor>
        )}
        {retryState.failed && (
          <Text fz="xs" c="red" role="alert">
            {intl.formatMessage(m.retryFailed, {
              reason: listingErrorText(intl, retry.error),
            })}
          </Text>
        )}
      </Stack>
      {retryState.offered && (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={retry.isPending}
          aria-label={intl.formatMessage(m.retryLabel, { marketplace: name })}
          onClick={() => retry.mutate({ event, marketplace: outcome.marketplace })}
          style={{ flexShrink: 0 }}
        >
          {intl.formatMessage(m.retry)}
        </Button>
      )}
    </Group>
  );
}

/**
 * One sale: the item and where it sold, for how much, when and how ListLoop heard of it, a
 * double sale's warning, and what the sale did on each other marketplace of the item.
 */
export function SaleEventCard({
  event,
  now,
  canManage,
  canDelist,
}: {
  event: SaleEvent;
  now: number;
  canManage: boolean;
  canDelist: boolean;
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const dismiss = useDismissSaleEvent();
  const money = useMoneyFormat();
  const title = event.itemTitle.trim() || intl.formatMessage(m.untitled);
  const price = event.salePrice === null ? null : money(event.salePrice, event.currency);
  const since = timeSince(event.soldAt, now);
  const dismissed = event.dismissedAt !== null;
  const double = event.kind === 'double_sale';
  const titleId = `sale-${event.eventId}-title`;

  const facts: ReactNode[] = [];
  if (price) facts.push(<Fact strong>{price}</Fact>);
  facts.push(
    <Text
      component="time"
      dateTime={event.soldAt}
      title={intl.formatDate(event.soldAt, { dateStyle: 'medium', timeStyle: 'short' })}
      inherit
    >
      {intl.formatRelativeTime(since.value, since.unit, { numeric: 'auto' })}
    </Text>,
  );
  facts.push(<Fact>{sourceText(intl, event)}</Fact>);
  const knownAfter = knownAfterText(intl, event);
  if (knownAfter) facts.push(<Fact>{knownAfter}</Fact>);
  const fees = event.fees === null ? null : money(event.fees, event.currency);
  if (fees) facts.push(<Fact>{intl.formatMessage(m.fees, { amount: fees })}</Fact>);
  const country = countryName(intl, event.buyerCountry);
  if (country) facts.push(<Fact>{intl.formatMessage(m.buyerCountry, { country })}</Fact>);
  facts.push(
    <Fact>
      {intl.formatList(
        [
          intl.formatMessage(m.unitsSold, { count: event.quantity }),
          intl.formatMessage(m.unitsLeft, { count: event.quantityLeft }),
        ],
        { type: 'unit' },
      )}
    </Fact>,
  );

  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      data-testid="sale-event"
      bg={dismissed ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Stack gap="sm" component="article" aria-labelledby={titleId}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Anchor
              renderRoot={(props) => (
                <Link to="/app/inventory/$itemId" params={{ itemId: event.itemId }} {...props} />
              )}
              fw={650}
              fz="md"
              id={titleId}
              style={{ overflowWrap: 'anywhere' }}
            >
              {title}
            </Anchor>
            <Group gap={6} wrap="wrap">
              <Badge variant="light" color="violet" radius="sm" tt="none" fw={600}>
                {soldOnText(intl, event)}
              </Badge>
              {double && (
                <Badge
                  variant="filled"
                  color="red"
                  radius="sm"
                  tt="none"
                  fw={600}
                  leftSection={<IconCopy size={12} />}
                >
                  {intl.formatMessage(m.doubleSaleBadge)}
                </Badge>
              )}
              {dismissed && (
                <Badge
                  variant="outline"
                  color="gray"
                  radius="sm"
                  tt="none"
                  fw={600}
                  leftSection={<IconEyeOff size={12} />}
                >
                  {intl.formatMessage(m.dismissedBadge)}
                </Badge>
              )}
            </Group>
          </Stack>
          {canManage && !dismissed && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              loading={dismiss.isPending}
              aria-label={intl.formatMessage(m.dismissLabel, { title })}
              onClick={() =>
                dismiss.mutate(event, {
                  onError: (error) =>
                    toasts.show({
                      color: 'red',
                      title: intl.formatMessage(m.dismissFailed),
                      message: errorText(intl, error),
                    }),
                })
              }
              style={{ flexShrink: 0 }}
            >
              {intl.formatMessage(m.dismiss)}
            </Button>
          )}
        </Group>

        <Facts parts={facts} />

        {double && <DoubleSaleAlert event={event} />}

        {!double && (
          <>
            <Divider />
            {event.outcomes.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {intl.formatMessage(m.noOtherMarketplaces)}
              </Text>
            ) : (
              <Stack
                gap={0}
                component="ul"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={intl.formatMessage(m.outcomesLabel)}
                aria-live="polite"
              >
                {event.outcomes.map((outcome) => (
                  <OutcomeRow
                    key={outcome.marketplace}
                    event={event}
                    outcome={outcome}
                    canDelist={canDelist}
                    ownSettings={canChangeSaleDetection(event, {
                      userId: session.userId,
                      saleDetectionManaged: session.details.hideSaleDetectionToggle,
                    })}
                  />
                ))}
              </Stack>
            )}
          </>
        )}

        <SaleSteps event={event} />
      </Stack>
    </Card>
  );
}
