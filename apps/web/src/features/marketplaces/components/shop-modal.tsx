import { MARKETPLACE_NAMES, type Connection, type MarketplaceId } from '@listloop/domain';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common.messages';
import { marketplacesMessages } from '../marketplaces.messages';
import { SHOP_DOMAIN_EXAMPLE, shopDomainFrom } from '../shop-domain';

/**
 * Shopify signs a seller in on their own store, so the store's address comes first; then the
 * page goes on to the store to approve ListLoop.
 */
export function ShopModal({
  marketplace,
  reconnecting,
  leaving,
  error,
  onEdit,
  onSubmit,
  onClose,
}: {
  marketplace: MarketplaceId;
  /** The connection being reconnected, or null for a new one. */
  reconnecting: Connection | null;
  /** The page is on its way to the store. */
  leaving: boolean;
  /** Why the server would not start signing in. */
  error: string | null;
  onEdit: () => void;
  onSubmit: (shop: string) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const name = MARKETPLACE_NAMES[marketplace];
  const shop = shopDomainFrom(value);
  const fieldError =
    shop.ok || (!submitted && shop.code === 'required')
      ? undefined
      : intl.formatMessage(
          shop.code === 'required'
            ? marketplacesMessages.shopRequired
            : marketplacesMessages.shopInvalid,
          { example: SHOP_DOMAIN_EXAMPLE },
        );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (shop.ok) onSubmit(shop.domain);
  };

  return (
    <Modal
      opened
      onClose={leaving ? () => undefined : onClose}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={
        <Text fw={650}>
          {reconnecting
            ? intl.formatMessage(marketplacesMessages.reconnectShopTitle, {
                nickname: reconnecting.nickname,
              })
            : intl.formatMessage(marketplacesMessages.shopTitle, { marketplace: name })}
        </Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm">
            {intl.formatMessage(marketplacesMessages.shopBody, { marketplace: name })}
          </Text>
          <TextInput
            label={intl.formatMessage(marketplacesMessages.shopField)}
            description={intl.formatMessage(marketplacesMessages.shopHint, {
              example: SHOP_DOMAIN_EXAMPLE,
            })}
            placeholder={SHOP_DOMAIN_EXAMPLE}
            withAsterisk
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            maxLength={255}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              onEdit();
            }}
            error={fieldError}
          />
          {error && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={intl.formatMessage(marketplacesMessages.signInFailed, { marketplace: name })}
              role="alert"
            >
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={leaving}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={leaving}>
              {intl.formatMessage(marketplacesMessages.shopSubmit, { marketplace: name })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
