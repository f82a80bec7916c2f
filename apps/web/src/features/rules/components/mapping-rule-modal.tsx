import {
  defaultCatalogue,
  hasCategoryTree,
  ITEM_CONDITIONS,
  MAPPING_FIELDS,
  MAPPING_MATCHES,
  MAPPING_VALUE_MAX_LENGTH,
  MARKETPLACE_NAMES,
  type MappingField,
  type MappingRule,
  type MarketplaceId,
} from '@listloop/domain';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { CategoryPicker } from '../../../components/marketplaces/category-picker';
import { commonMessages } from '../../../i18n/common.messages';
import { ApiError } from '../../../lib/api-client';
import { conditionMessages } from '../../../lib/inventory/item.messages';
import { marketplaceConditionText } from '../../../lib/listings/listing-values';
import { useRegionFormat } from '../../../lib/inventory/use-region-format';
import { useSignedInSession } from '../../../lib/session';
import { issuesUnder } from '../form-issues';
import { useSaveMappingRule } from '../hooks/use-rule-mutations';
import {
  draftFromRule,
  emptyMappingDraft,
  hasMappingProblems,
  mappingRuleProblems,
  upsertFromDraft,
  type MappingRuleDraft,
} from '../mapping-rule-form';
import { mappingFieldLabel, mappingProblemText, ruleErrorText } from '../rules-text';
import { mappingMessages, matchMessages, rulesMessages } from '../rules.messages';

/** Adds a mapping rule (rule null) or edits one; refuses before sending what the server would. */
export function MappingRuleModal({
  marketplace,
  rules,
  rule,
  onClose,
}: {
  marketplace: MarketplaceId;
  rules: readonly MappingRule[];
  rule: MappingRule | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const session = useSignedInSession();
  const { colourLabel } = useRegionFormat();
  const save = useSaveMappingRule(marketplace);
  const [draft, setDraft] = useState<MappingRuleDraft>(() =>
    rule ? draftFromRule(rule) : emptyMappingDraft(),
  );
  const [submitted, setSubmitted] = useState(false);
  const name = MARKETPLACE_NAMES[marketplace];
  const conditions = defaultCatalogue[marketplace].conditions?.values ?? null;

  const problems = mappingRuleProblems(draft, rules, rule?.id);
  const serverIssues =
    save.error instanceof ApiError ? issuesUnder(save.error.issues, 'rules.0.') : {};
  const fieldError = (key: 'from' | 'to') => {
    const problem = problems[key];
    // An overlap shows at once: the seller is typing a value another rule already maps.
    if (problem && (submitted || problem.code === 'overlap')) {
      return mappingProblemText(intl, problem, colourLabel);
    }
    return serverIssues[key];
  };
  const formError =
    save.isError && Object.keys(serverIssues).length === 0 ? ruleErrorText(intl, save.error) : null;

  const update = (change: Partial<MappingRuleDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    if (save.isError) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasMappingProblems(problems)) return;
    save.mutate(upsertFromDraft(draft, rule?.id), { onSuccess: onClose });
  };

  const fieldData = MAPPING_FIELDS.map((field) => ({
    value: field,
    label: mappingFieldLabel(intl, field, colourLabel),
  }));
  const isCondition = draft.field === 'condition';
  // Where the marketplace's category is its own id, the seller picks it by name.
  const picksCategory = (field: MappingField) =>
    field === 'category' && hasCategoryTree(marketplace);

  return (
    <Modal
      opened
      onClose={save.isPending ? () => undefined : onClose}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
      title={
        <Text fw={650}>
          {intl.formatMessage(rule ? mappingMessages.formEditTitle : mappingMessages.formAddTitle, {
            marketplace: name,
          })}
        </Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={intl.formatMessage(mappingMessages.field)}
            data={fieldData}
            value={draft.field}
            allowDeselect={false}
            onChange={(value) => {
              const field = MAPPING_FIELDS.find((candidate) => candidate === value);
              if (!field || field === draft.field) return;
              // Condition values are chosen from lists; text typed for another field does not fit.
              const switchesKind = (field === 'condition') !== isCondition;
              // Nor is a brand a category id, or the other way round.
              const switchesTo = picksCategory(field) !== picksCategory(draft.field);
              update(
                switchesKind
                  ? { field, from: '', to: '' }
                  : switchesTo
                    ? { field, to: '' }
                    : { field },
              );
            }}
          />
          {draft.field === 'condition' ? (
            <Select
              label={intl.formatMessage(mappingMessages.from)}
              description={intl.formatMessage(mappingMessages.fromHint)}
              withAsterisk
              data={ITEM_CONDITIONS.map((condition) => ({
                value: condition,
                label: intl.formatMessage(conditionMessages[condition]),
              }))}
              value={draft.from || null}
              onChange={(value) => update({ from: value ?? '' })}
              error={fieldError('from')}
            />
          ) : (
            <FromInput
              field={draft.field}
              value={draft.from}
              brands={session.customBrands}
              onChange={(from) => update({ from })}
              error={fieldError('from')}
            />
          )}
          {picksCategory(draft.field) ? (
            <CategoryPicker
              marketplace={marketplace}
              label={intl.formatMessage(mappingMessages.to, { marketplace: name })}
              description={intl.formatMessage(mappingMessages.categoryToHint, {
                marketplace: name,
              })}
              withAsterisk
              value={draft.to}
              onChange={(id) => update({ to: id ?? '' })}
              error={fieldError('to')}
            />
          ) : isCondition && conditions ? (
            <Select
              label={intl.formatMessage(mappingMessages.to, { marketplace: name })}
              description={intl.formatMessage(mappingMessages.conditionToHint, {
                marketplace: name,
              })}
              withAsterisk
              data={conditions.map((value) => ({
                value,
                label: marketplaceConditionText(intl, marketplace, value),
              }))}
              value={draft.to || null}
              onChange={(value) => update({ to: value ?? '' })}
              error={fieldError('to')}
            />
          ) : (
            <TextInput
              label={intl.formatMessage(mappingMessages.to, { marketplace: name })}
              description={intl.formatMessage(mappingMessages.toHint, { marketplace: name })}
              withAsterisk
              maxLength={MAPPING_VALUE_MAX_LENGTH + 20}
              value={draft.to}
              onChange={(event) => update({ to: event.currentTarget.value })}
              error={fieldError('to')}
            />
          )}
          {!isCondition && (
            <Radio.Group
              label={intl.formatMessage(mappingMessages.match)}
              value={draft.match}
              onChange={(value) => {
                const match = MAPPING_MATCHES.find((candidate) => candidate === value);
                if (match) update({ match });
              }}
            >
              <Group gap="lg" mt={6}>
                {MAPPING_MATCHES.map((match) => (
                  <Radio
                    key={match}
                    value={match}
                    label={intl.formatMessage(matchMessages[match])}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
          {formError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={intl.formatMessage(rulesMessages.notSaved)}
              role="alert"
            >
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {intl.formatMessage(rule ? mappingMessages.save : mappingMessages.create)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function FromInput({
  field,
  value,
  brands,
  onChange,
  error,
}: {
  field: Exclude<MappingField, 'condition'>;
  value: string;
  brands: readonly string[];
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const intl = useIntl();
  const props = {
    label: intl.formatMessage(mappingMessages.from),
    description: intl.formatMessage(mappingMessages.fromHint),
    withAsterisk: true,
    maxLength: MAPPING_VALUE_MAX_LENGTH + 20,
    value,
    error,
  };
  if (field === 'brand' && brands.length > 0) {
    return <Autocomplete {...props} data={[...brands]} onChange={onChange} />;
  }
  return <TextInput {...props} onChange={(event) => onChange(event.currentTarget.value)} />;
}
