import { Alert, Button, Card, Grid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useDocumentTitle } from '../../../lib/document-title';
import { openItemPollInterval } from '../../../lib/listings/listing-polling';
import { useSignedInSession } from '../../../lib/session';
import { itemQueryOptions } from '../api/item-editor.api';
import { itemEditorMessages } from '../item-editor.messages';
import { ItemEditor } from './item-editor';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';

/** /app/inventory/new */
export function NewItemPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(itemEditorMessages.newItem));
  return (
    <Stack gap="md">
      <HelpTextAlert helpKey="itemCreation" />
      <ItemEditor item={null} />
    </Stack>
  );
}

/** /app/inventory/{itemId}: the item of the signed-in seller's inventory. */
export function EditItemPage({ itemId }: { itemId: string }) {
  const intl = useIntl();
  const { userId } = useSignedInSession();
  // The item is asked for again while the page is seen (quickly while a listing waits for its
  // job or executor), and at once when the tab comes back into view: the status badges follow
  // the jobs, and a sale elsewhere shows, without a reload. The form keeps what is typed.
  const query = useQuery({
    ...itemQueryOptions(userId, itemId),
    refetchInterval: (current) => openItemPollInterval(current.state.data),
    refetchOnWindowFocus: 'always',
  });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  // The saved title names the tab; an untitled draft is still an item.
  useDocumentTitle(
    query.data
      ? query.data.generalDetails.title.trim() || intl.formatMessage(itemEditorMessages.untitled)
      : missing
        ? intl.formatMessage(itemEditorMessages.notFoundTitle)
        : null,
  );

  if (query.isPending) return <EditorSkeleton />;
  if (query.isError) {
    return (
      <Stack gap="md" maw={640}>
        <Alert
          color={missing ? 'gray' : 'red'}
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={intl.formatMessage(
            missing ? itemEditorMessages.notFoundTitle : itemEditorMessages.loadFailed,
          )}
        >
          {missing
            ? intl.formatMessage(itemEditorMessages.notFoundBody)
            : errorText(intl, query.error)}
        </Alert>
        <Stack gap="xs" align="flex-start">
          {!missing && (
            <Button variant="light" onClick={() => void query.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          )}
          <Button
            component={Link}
            to="/app/inventory"
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            {intl.formatMessage(itemEditorMessages.backToInventory)}
          </Button>
        </Stack>
      </Stack>
    );
  }
  // A new key per item: the editor's draft starts from that item and no other.
  return <ItemEditor key={query.data.itemID} item={query.data} />;
}

function EditorSkeleton() {
  const intl = useIntl();
  return (
    <Stack gap="md" aria-busy="true" aria-label={intl.formatMessage(commonMessages.loading)}>
      <Skeleton h={32} w="40%" />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder radius="md" h={220}>
              <Skeleton h="100%" />
            </Card>
            <Card withBorder radius="md" h={360}>
              <Stack gap="sm">
                <Skeleton h={36} />
                <Skeleton h={96} />
                <Skeleton h={36} />
                <Skeleton h={36} />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" h={200}>
            <Skeleton h="100%" />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
