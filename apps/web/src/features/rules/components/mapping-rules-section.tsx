import {
  categoryPathText,
  hasCategoryTree,
  MARKETPLACE_NAMES,
  type MappingRule,
  type MarketplaceId,
} from '@listloop/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowsExchange, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { SectionCard } from '../../../components/ui/section-card';
import { useRegionFormat } from '../../../lib/inventory/use-region-format';
import { useCategoryNames } from '../../../lib/marketplaces/categories.api';
import {
  depopProductTypeText,
  depopSizeText,
  marketplaceConditionText,
} from '../../../lib/listings/listing-values';
import { mappingRulesQueryOptions } from '../api/rules.api';
import { useDeleteMappingRule } from '../hooks/use-rule-mutations';
import { sortMappingRules } from '../mapping-rule-form';
import { mappingFieldLabel, mappingFromText, ruleErrorText } from '../rules-text';
import { mappingMessages, matchMessages } from '../rules.messages';
import { MappingRuleModal } from './mapping-rule-modal';
import { SectionLoader } from './section-loader';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';

/** The account's value maps for one marketplace: list, add, edit, delete. */
export function MappingRulesSection({
  marketplace,
  canManage,
}: {
  marketplace: MarketplaceId;
  canManage: boolean;
}) {
  const intl = useIntl();
  const { colourLabel } = useRegionFormat();
  const query = useQuery(mappingRulesQueryOptions(marketplace));
  const remove = useDeleteMappingRule(marketplace);
  /** undefined: the form is closed; null: a new rule; a rule: editing it. */
  const [editing, setEditing] = useState<MappingRule | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<MappingRule | null>(null);
  const name = MARKETPLACE_NAMES[marketplace];

  const rules = useMemo(
    () => sortMappingRules(query.data?.rules ?? [], intl.locale),
    [query.data, intl.locale],
  );
  const field = (rule: MappingRule) => mappingFieldLabel(intl, rule.field, colourLabel);
  const from = (rule: MappingRule) => mappingFromText(intl, rule.field, rule.from);
  // A category rule of eBay or Etsy maps to the marketplace's id: shown by the category's name;
  // a condition goes to one of the marketplace's codes: shown by the marketplace's name for it.
  const namesCategories = hasCategoryTree(marketplace);
  const categoryNames = useCategoryNames(
    marketplace,
    rules.filter((rule) => rule.field === 'category').map((rule) => rule.to),
    namesCategories,
  );
  const to = (rule: MappingRule) => {
    if (rule.field === 'condition') return marketplaceConditionText(intl, marketplace, rule.to);
    // Depop takes a product type as a slug and a size as two ids ("52:11"): shown in words.
    if (marketplace === 'depop' && rule.field === 'category') {
      return depopProductTypeText(intl, rule.to) ?? rule.to;
    }
    if (marketplace === 'depop' && rule.field === 'size') {
      return depopSizeText(intl, rule.to) ?? rule.to;
    }
    const named = rule.field === 'category' ? categoryNames.data?.get(rule.to) : undefined;
    return named ? categoryPathText(named.path) : rule.to;
  };

  return (
    <SectionCard
      titleId="rules-mapping-title"
      icon={<IconArrowsExchange size={18} />}
      title={intl.formatMessage(mappingMessages.title)}
      description={intl.formatMessage(mappingMessages.description, { marketplace: name })}
      aside={
        query.data && (
          <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {intl.formatMessage(mappingMessages.count, { count: rules.length })}
          </Badge>
        )
      }
    >
      <HelpTextAlert helpKey="mappingRules" mb="sm" />
      <SectionLoader query={query}>
        <Stack gap="sm">
          {rules.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(mappingMessages.empty, { marketplace: name })}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing={6} highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={120}>{intl.formatMessage(mappingMessages.columnField)}</Table.Th>
                    <Table.Th>{intl.formatMessage(mappingMessages.columnFrom)}</Table.Th>
                    <Table.Th>
                      {intl.formatMessage(mappingMessages.columnTo, { marketplace: name })}
                    </Table.Th>
                    <Table.Th w={150}>{intl.formatMessage(mappingMessages.columnMatch)}</Table.Th>
                    {canManage && (
                      <Table.Th w={84}>
                        <VisuallyHidden>
                          {intl.formatMessage(mappingMessages.columnActions)}
                        </VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rules.map((rule) => {
                    const names = { field: field(rule), value: from(rule) };
                    return (
                      <Table.Tr key={rule.id}>
                        <Table.Td fz="sm">{names.field}</Table.Td>
                        <Table.Td fz="sm" fw={500}>
                          {names.value}
                        </Table.Td>
                        <Table.Td fz="sm" fw={500}>
                          {to(rule)}
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="default" radius="sm" tt="none" fw={500}>
                            {intl.formatMessage(matchMessages[rule.match])}
                          </Badge>
                        </Table.Td>
                        {canManage && (
                          <Table.Td>
                            <Group gap={2} wrap="nowrap" justify="flex-end">
                              <Tooltip label={intl.formatMessage(mappingMessages.edit, names)}>
                                <ActionIcon
                                  variant="subtle"
                                  color="gray"
                                  onClick={() => setEditing(rule)}
                                  aria-label={intl.formatMessage(mappingMessages.edit, names)}
                                >
                                  <IconPencil size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={intl.formatMessage(mappingMessages.delete, names)}>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  onClick={() => setDeleting(rule)}
                                  aria-label={intl.formatMessage(mappingMessages.delete, names)}
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {canManage && (
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing(null)}
              >
                {intl.formatMessage(mappingMessages.add)}
              </Button>
            </Group>
          )}
        </Stack>
      </SectionLoader>

      {editing !== undefined && (
        <MappingRuleModal
          marketplace={marketplace}
          rules={query.data?.rules ?? []}
          rule={editing}
          onClose={() => setEditing(undefined)}
        />
      )}

      <ConfirmModal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        danger
        loading={remove.isPending}
        title={intl.formatMessage(mappingMessages.deleteTitle)}
        confirmLabel={intl.formatMessage(mappingMessages.deleteConfirm)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        <Stack gap="xs">
          <Text fz="sm">
            {deleting &&
              intl.formatMessage(mappingMessages.deleteBody, {
                field: field(deleting),
                from: from(deleting),
                to: to(deleting),
                marketplace: name,
              })}
          </Text>
          {remove.isError && (
            <Text fz="sm" c="red" role="alert">
              {ruleErrorText(intl, remove.error)}
            </Text>
          )}
        </Stack>
      </ConfirmModal>
    </SectionCard>
  );
}
