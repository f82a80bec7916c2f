import type { SaleEvent } from '@listloop/domain';
import { Button, Collapse, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChevronDown, IconClock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { saleDetectionMessages as m } from '../sale-detection.messages';
import { stepText } from '../sale-event-view';

const ICONS = { done: IconCheck, deferred: IconClock, failed: IconAlertTriangle } as const;

/**
 * What ListLoop did for one sale, step by step, folded away until asked for. Each line carries
 * the step's name as the server's logs write it, so a seller's question and a log line meet.
 */
export function SaleSteps({ event }: { event: SaleEvent }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (event.steps.length === 0) return null;
  const firstAt = Date.parse(event.steps[0]!.at);
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        color="gray"
        size="compact-xs"
        w="fit-content"
        aria-expanded={open}
        aria-controls={listId}
        rightSection={
          <IconChevronDown
            size={14}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined }}
          />
        }
        onClick={() => setOpen((value) => !value)}
      >
        {intl.formatMessage(open ? m.stepsHide : m.stepsShow)}
      </Button>
      <Collapse expanded={open}>
        <Stack
          id={listId}
          component="ol"
          gap={6}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={intl.formatMessage(m.stepsLabel)}
        >
          {event.steps.map((step, index) => {
            const text = stepText(intl, step, event, firstAt);
            const Icon = ICONS[step.result];
            return (
              <Group
                key={`${step.step}-${index}`}
                component="li"
                gap="xs"
                wrap="nowrap"
                align="flex-start"
                data-testid={`sale-step-${step.step}`}
              >
                <ThemeIcon size={18} radius="xl" variant="light" color={text.color} aria-hidden>
                  <Icon size={12} />
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fz="sm">
                    <span>{text.label}</span>
                    {text.after && (
                      <Text component="span" fz="xs" c="dimmed">
                        {' '}
                        {text.after}
                      </Text>
                    )}
                  </Text>
                  <Text component="code" fz="xs" c="dimmed" ff="monospace">
                    {step.step}
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      </Collapse>
    </Stack>
  );
}
