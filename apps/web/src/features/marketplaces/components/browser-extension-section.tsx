import { EXTENSION_DOWNLOAD_PATH, type ExecutorToken } from '@listloop/domain';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import {
  IconCircleCheck,
  IconDownload,
  IconPlugConnected,
  IconPuzzle,
  IconRefresh,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { errorText } from '../../../lib/error-text';
import { relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import {
  createExecutorToken,
  executorTokensQueryOptions,
  revokeExecutorToken,
} from '../api/executor-tokens.api';
import { browserAndSystem, pairExtension, pingExtension } from '../browser-extension';
import { browserExtensionMessages as m } from '../browser-extension.messages';

/** Answers from the extension in this browser: asked on opening and on "Check again". */
function useExtensionHere() {
  return useQuery({
    queryKey: ['extension-here'],
    queryFn: async () => (await pingExtension()) ?? { installed: false as const },
    select: (reply) => ('installed' in reply ? null : reply),
    staleTime: 0,
    retry: false,
  });
}

/**
 * The section's id: the item screen links here (…/marketplaces#browser-extension) when no paired
 * browser takes a listing's work.
 */
const BROWSER_EXTENSION_SECTION_ID = 'browser-extension';

/**
 * The browser extension on the Marketplaces screen: install it, pair this browser (a token for
 * the signed-in member, handed to the extension and never shown), and the paired browsers with
 * their last use, each unpaired in one step (decision 0039).
 */
export function BrowserExtensionSection() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const here = useExtensionHere();
  const tokens = useQuery(executorTokensQueryOptions());
  const [unpairing, setUnpairing] = useState<ExecutorToken | null>(null);
  const section = useRef<HTMLDivElement>(null);
  const hash = useLocation({ select: (location) => location.hash });
  // Arriving from an item's "see the browser extension" link: the section may render after
  // the router's own hash scroll (the page waits for its marketplaces), so it is brought in here.
  useEffect(() => {
    if (hash === BROWSER_EXTENSION_SECTION_ID) section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const origin = window.location.origin;
  const extension = here.data ?? null;
  const active = (tokens.data ?? []).filter((t) => t.revokedAt === null);
  const pairedHere = extension?.server === origin && active.some((t) => t.id === extension.tokenId);
  const pairedElsewhere = extension?.server != null && extension.server !== origin;

  const pair = useMutation({
    mutationFn: async () => {
      const { browser, system } = browserAndSystem(navigator.userAgent);
      const name = system ? intl.formatMessage(m.browserName, { browser, system }) : browser;
      const { token, executorToken } = await createExecutorToken(name);
      const reply = await pairExtension(origin, token);
      if (!reply?.paired) {
        // The extension did not take it: the token is of no use to anyone.
        await revokeExecutorToken(executorToken.id).catch(() => undefined);
        throw new Error(reply?.error ?? intl.formatMessage(m.notInstalledTitle));
      }
    },
    onSuccess: () => {
      toasts.show({ color: 'teal', message: intl.formatMessage(m.pairedToast) });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['executor-tokens'] });
      await queryClient.invalidateQueries({ queryKey: ['extension-here'] });
    },
  });

  const unpair = useMutation({
    mutationFn: (token: ExecutorToken) => revokeExecutorToken(token.id),
    onSuccess: () => setUnpairing(null),
    onError: (error) =>
      toasts.show({
        color: 'red',
        title: intl.formatMessage(m.unpairFailed),
        message: errorText(intl, error),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['executor-tokens'] }),
  });

  const now = useNow();
  const ago = (at: string) => {
    const { value, unit } = relativeTime(at, now);
    return intl.formatRelativeTime(value, unit, { numeric: 'auto' });
  };

  return (
    <Stack
      gap="sm"
      component="section"
      id={BROWSER_EXTENSION_SECTION_ID}
      ref={section}
      aria-labelledby="browser-extension-title"
      style={{ scrollMarginTop: 72 }}
    >
      <Stack gap={2}>
        <Group gap={6} c="dimmed">
          <IconPuzzle size={18} aria-hidden />
          <Title
            order={2}
            fz="md"
            fw={650}
            id="browser-extension-title"
            c="var(--mantine-color-text)"
          >
            {intl.formatMessage(m.title)}
          </Title>
        </Group>
        <Text fz="sm" c="dimmed" maw={720}>
          {intl.formatMessage(m.intro)}
        </Text>
      </Stack>

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          {here.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text fz="sm">{intl.formatMessage(m.checking)}</Text>
            </Group>
          ) : !extension ? (
            <Stack gap="xs">
              <Text fw={600}>{intl.formatMessage(m.notInstalledTitle)}</Text>
              <Text fz="sm" c="dimmed">
                {intl.formatMessage(m.notInstalledBody)}
              </Text>
              <Group gap="sm">
                <Button
                  component="a"
                  href={EXTENSION_DOWNLOAD_PATH}
                  download
                  leftSection={<IconDownload size={16} />}
                >
                  {intl.formatMessage(m.download)}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} />}
                  onClick={() => void here.refetch()}
                  loading={here.isFetching}
                >
                  {intl.formatMessage(m.checkAgain)}
                </Button>
              </Group>
            </Stack>
          ) : pairedHere ? (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden />
              <Stack gap={2}>
                <Text fw={600}>{intl.formatMessage(m.pairedTitle)}</Text>
                <Text fz="sm" c="dimmed">
                  {intl.formatMessage(m.pairedBody, { version: extension.version })}
                </Text>
              </Stack>
            </Group>
          ) : (
            <Stack gap="xs">
              <Text fw={600}>{intl.formatMessage(m.installedTitle)}</Text>
              <Text fz="sm" c="dimmed">
                {pairedElsewhere
                  ? intl.formatMessage(m.pairedElsewhere, { server: extension.server })
                  : intl.formatMessage(m.installedBody, { version: extension.version })}
              </Text>
              <Group gap="sm">
                <Button
                  leftSection={<IconPlugConnected size={16} />}
                  onClick={() => pair.mutate()}
                  loading={pair.isPending}
                >
                  {intl.formatMessage(extension.tokenId ? m.pairAgain : m.pair)}
                </Button>
              </Group>
              {pair.isError && (
                <Alert color="red" variant="light" role="alert">
                  {intl.formatMessage(m.pairFailed, { reason: errorText(intl, pair.error) })}
                </Alert>
              )}
            </Stack>
          )}
        </Stack>
      </Card>

      {tokens.isError ? (
        <LoadErrorAlert
          title={intl.formatMessage(m.listLoadFailed)}
          error={tokens.error}
          onRetry={() => void tokens.refetch()}
        />
      ) : tokens.data && tokens.data.length > 0 ? (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={intl.formatMessage(m.listLabel)}
        >
          {tokens.data.map((token) => (
            <Card
              key={token.id}
              component="li"
              withBorder
              radius="md"
              padding="sm"
              data-testid="paired-browser"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {token.name}
                    </Text>
                    {pairedHere && extension?.tokenId === token.id && (
                      <Badge variant="light" color="teal" tt="none">
                        {intl.formatMessage(m.thisBrowser)}
                      </Badge>
                    )}
                    {token.revokedAt && (
                      <Badge variant="outline" color="gray" tt="none">
                        {intl.formatMessage(m.unpaired, { when: ago(token.revokedAt) })}
                      </Badge>
                    )}
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {intl.formatMessage(m.pairedBy, {
                      name: token.userName,
                      when: ago(token.createdAt),
                    })}
                    {' · '}
                    {token.lastUsedAt
                      ? intl.formatMessage(m.lastUsed, { when: ago(token.lastUsedAt) })
                      : intl.formatMessage(m.notUsedYet)}
                  </Text>
                </Stack>
                {!token.revokedAt && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={intl.formatMessage(m.unpairLabel, { name: token.name })}
                    onClick={() => setUnpairing(token)}
                    style={{ flexShrink: 0 }}
                  >
                    {intl.formatMessage(m.unpair)}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      ) : tokens.data ? (
        <Text fz="sm" c="dimmed">
          {intl.formatMessage(m.listEmpty)}
        </Text>
      ) : null}

      <ConfirmModal
        opened={unpairing !== null}
        title={intl.formatMessage(m.unpairTitle, { name: unpairing?.name ?? '' })}
        confirmLabel={intl.formatMessage(m.unpair)}
        danger
        loading={unpair.isPending}
        onConfirm={() => unpairing && unpair.mutate(unpairing)}
        onClose={() => setUnpairing(null)}
      >
        <Text fz="sm">{intl.formatMessage(m.unpairBody)}</Text>
      </ConfirmModal>
    </Stack>
  );
}
