import {
  MARKETPLACE_NAMES,
  SHIPPING_PAYERS,
  type ListingDefaults,
  type MarketplaceId,
} from '@listloop/domain';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { EtsyProfileSelect } from '../../../components/marketplaces/etsy-profile-select';
import { MoneyInput } from '../../../components/ui/money-input';
import { NumberField } from '../../../components/ui/number-field';
import { SectionCard } from '../../../components/ui/section-card';
import { useCountry } from '../../../i18n/locale-provider';
import { ApiError } from '../../../lib/api-client';
import { useMoneyFormat } from '../../../lib/money/use-money';
import { policyOptions, useEbayPolicies } from '../../../lib/listings/ebay-policies.api';
import { defaultsQueryOptions } from '../api/rules.api';
import {
  DEFAULTS_FIELD_PATHS,
  defaultsFromValues,
  defaultsLayout,
  defaultsProblems,
  defaultsValuesChanged,
  defaultsValuesFrom,
  type DefaultsField,
  type DefaultsFieldLayout,
  type DefaultsSectionLayout,
  type DefaultsValues,
} from '../defaults-form';
import { issuesUnder } from '../form-issues';
import { useSaveDefaults } from '../hooks/use-rule-mutations';
import { formOverrideText, ruleErrorText, valueProblemText } from '../rules-text';
import {
  defaultsFieldMessages,
  defaultsMessages,
  payerMessages,
  rulesMessages,
} from '../rules.messages';
import { SectionLoader } from './section-loader';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';

/** The marketplace's listing defaults (spec §7), laid out with its form overrides (spec §1). */
export function DefaultsSection({
  marketplace,
  canManage,
}: {
  marketplace: MarketplaceId;
  canManage: boolean;
}) {
  const intl = useIntl();
  const query = useQuery(defaultsQueryOptions(marketplace));
  const name = MARKETPLACE_NAMES[marketplace];

  return (
    <SectionCard
      titleId="rules-defaults-title"
      icon={<IconTruckDelivery size={18} />}
      title={intl.formatMessage(defaultsMessages.title)}
      description={intl.formatMessage(defaultsMessages.description, { marketplace: name })}
    >
      <HelpTextAlert helpKey="defaults" mb="sm" />
      <SectionLoader query={query}>
        {query.data !== undefined && (
          <DefaultsForm marketplace={marketplace} saved={query.data} canManage={canManage} />
        )}
      </SectionLoader>
    </SectionCard>
  );
}

/** The fields typed as text. */
type TextField = {
  [Key in DefaultsField]: DefaultsValues[Key] extends string ? Key : never;
}[DefaultsField];

function DefaultsForm({
  marketplace,
  saved,
  canManage,
}: {
  marketplace: MarketplaceId;
  saved: ListingDefaults | null;
  canManage: boolean;
}) {
  const intl = useIntl();
  const country = useCountry();
  const money = useMoneyFormat();
  const save = useSaveDefaults(marketplace);
  const [values, setValues] = useState<DefaultsValues>(() => defaultsValuesFrom(saved));
  const [justSaved, setJustSaved] = useState(false);
  const layout = useMemo(() => defaultsLayout(marketplace, country), [marketplace, country]);
  const name = MARKETPLACE_NAMES[marketplace];

  const problems = defaultsProblems(values);
  const serverIssues =
    save.error instanceof ApiError ? issuesUnder(save.error.issues, 'defaults.') : {};
  const changed = defaultsValuesChanged(values, saved);
  const hasProblems = Object.keys(problems).length > 0;
  const formError =
    save.isError && Object.keys(serverIssues).length === 0 ? ruleErrorText(intl, save.error) : null;

  const update = (change: Partial<DefaultsValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setJustSaved(false);
    if (save.isError) save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canManage || hasProblems) return;
    save.mutate(defaultsFromValues(values, saved), {
      onSuccess: (stored) => {
        // As the server keeps them: trimmed, the country in capitals.
        setValues(defaultsValuesFrom(stored));
        setJustSaved(true);
      },
    });
  };
  const error = (field: DefaultsField) => {
    const problem = problems[field];
    if (problem)
      return valueProblemText(intl, problem, field === 'shippingCost' ? money : undefined);
    return serverIssues[DEFAULTS_FIELD_PATHS[field]];
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {layout.map((section) => (
          <DefaultsFieldset key={section.key} section={section} marketplace={marketplace}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              {section.fields.map((field) => (
                <DefaultsInput
                  key={field.key}
                  field={field}
                  marketplace={marketplace}
                  values={values}
                  update={update}
                  error={error(field.key)}
                  readOnly={!canManage}
                />
              ))}
            </SimpleGrid>
          </DefaultsFieldset>
        ))}

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

        {canManage && (
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={!changed || hasProblems}>
              {intl.formatMessage(defaultsMessages.save)}
            </Button>
            {justSaved && !changed && (
              <Group gap={4} c="teal" role="status">
                <IconCheck size={16} />
                <Text fz="sm">
                  {intl.formatMessage(defaultsMessages.saved, { marketplace: name })}
                </Text>
              </Group>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}

function DefaultsFieldset({
  section,
  marketplace,
  children,
}: {
  section: DefaultsSectionLayout;
  marketplace: MarketplaceId;
  children: ReactNode;
}) {
  const intl = useIntl();
  const own = {
    shipping: defaultsMessages.sectionShipping,
    returns: defaultsMessages.sectionReturns,
    policies: defaultsMessages.sectionPolicies,
  };
  const title =
    formOverrideText(intl, section.titleId) ??
    intl.formatMessage(
      section.key === 'returns' || section.key === 'policies' ? own[section.key] : own.shipping,
    );
  return (
    <Fieldset legend={title} variant="filled" radius="md">
      <Stack gap="xs">
        {section.neededToPublish && (
          <Text fz="xs" c="dimmed">
            {intl.formatMessage(defaultsMessages.shippingNeeded, {
              marketplace: MARKETPLACE_NAMES[marketplace],
            })}
          </Text>
        )}
        {children}
      </Stack>
    </Fieldset>
  );
}

const POLICY_KINDS = {
  paymentPolicy: 'payment',
  returnPolicy: 'return',
  fulfillmentPolicy: 'fulfillment',
} as const;
const POLICY_FIELDS: ReadonlySet<string> = new Set(Object.keys(POLICY_KINDS));

function DefaultsInput({
  field,
  marketplace,
  values,
  update,
  error,
  readOnly,
}: {
  field: DefaultsFieldLayout;
  marketplace: MarketplaceId;
  values: DefaultsValues;
  update: (change: Partial<DefaultsValues>) => void;
  error: string | undefined;
  readOnly: boolean;
}) {
  const intl = useIntl();
  const name = MARKETPLACE_NAMES[marketplace];
  const policies = useEbayPolicies(marketplace === 'ebay' && POLICY_FIELDS.has(field.key));
  const label =
    formOverrideText(intl, field.labelId) ?? intl.formatMessage(defaultsFieldMessages[field.key]);
  const needed = field.neededToPublish
    ? intl.formatMessage(defaultsMessages.neededToPublish, { marketplace: name })
    : undefined;
  const hint = (text: string | undefined) => [text, needed].filter(Boolean).join(' ') || undefined;
  const common = { label, error, readOnly };
  const notSet = intl.formatMessage(rulesMessages.notSet);
  const text = (key: TextField, description?: string, maxLength = 200) => (
    <TextInput
      {...common}
      description={hint(description)}
      maxLength={maxLength}
      value={values[key]}
      onChange={(event) => update({ [key]: event.currentTarget.value })}
    />
  );

  switch (field.key) {
    case 'shippingPayer':
      return (
        <Select
          {...common}
          description={hint(undefined)}
          placeholder={notSet}
          clearable
          data={SHIPPING_PAYERS.map((payer) => ({
            value: payer,
            label: intl.formatMessage(payerMessages[payer]),
          }))}
          value={values.shippingPayer}
          onChange={(value) =>
            update({ shippingPayer: SHIPPING_PAYERS.find((payer) => payer === value) ?? null })
          }
        />
      );
    case 'shippingCost': {
      const free = values.shippingPayer === 'seller';
      return (
        <MoneyInput
          {...common}
          description={hint(
            free ? intl.formatMessage(defaultsMessages.shippingCostFree) : undefined,
          )}
          disabled={free}
          value={free ? null : values.shippingCost}
          onChange={(shippingCost) => update({ shippingCost })}
        />
      );
    }
    case 'shippingService':
      return text('shippingService', intl.formatMessage(defaultsMessages.shippingServiceHint));
    case 'postalCode':
      return text('postalCode', undefined, 20);
    case 'country':
      return text('country', intl.formatMessage(defaultsMessages.countryHint), 2);
    case 'profileId':
    case 'processingProfileId': {
      if (marketplace !== 'etsy') {
        return text(
          field.key,
          intl.formatMessage(defaultsMessages.profileHint, { marketplace: name }),
        );
      }
      // Chosen by name from the seller's Etsy shop; the id is what is saved.
      const key = field.key;
      return (
        <EtsyProfileSelect
          {...common}
          kind={key === 'profileId' ? 'shipping' : 'processing'}
          description={hint(undefined)}
          placeholder={notSet}
          value={values[key]}
          onChange={(value) => update({ [key]: value })}
        />
      );
    }
    case 'paymentPolicy':
    case 'returnPolicy':
    case 'fulfillmentPolicy': {
      // Chosen by name from the seller's eBay policies once known; the id is what is saved.
      const kind = POLICY_KINDS[field.key];
      const choices = policies.filter((policy) => policy.type === kind);
      if (marketplace !== 'ebay' || choices.length === 0) {
        return text(
          field.key,
          intl.formatMessage(defaultsMessages.policyHint, { marketplace: name }),
        );
      }
      const key = field.key;
      const data = policyOptions(intl, choices, values[key]);
      return (
        <Select
          {...common}
          description={hint(undefined)}
          placeholder={notSet}
          clearable
          searchable
          data={data}
          value={values[key] || null}
          onChange={(value) => update({ [key]: value ?? '' })}
        />
      );
    }
    case 'handlingDays':
    case 'returnDays': {
      const noReturns = field.key === 'returnDays' && values.returnsAccepted === false;
      return (
        <NumberField
          {...common}
          description={hint(
            field.key === 'handlingDays'
              ? intl.formatMessage(defaultsMessages.handlingDaysHint)
              : undefined,
          )}
          max={field.key === 'handlingDays' ? 30 : 365}
          disabled={noReturns}
          value={noReturns ? null : values[field.key]}
          onChange={(days) => update({ [field.key]: days })}
        />
      );
    }
    case 'returnsAccepted':
      return (
        <Select
          {...common}
          description={hint(undefined)}
          placeholder={notSet}
          clearable
          data={[
            { value: 'yes', label: intl.formatMessage(defaultsMessages.returnsAccepted) },
            { value: 'no', label: intl.formatMessage(defaultsMessages.returnsNotAccepted) },
          ]}
          value={values.returnsAccepted === null ? null : values.returnsAccepted ? 'yes' : 'no'}
          onChange={(value) =>
            update({ returnsAccepted: value === 'yes' ? true : value === 'no' ? false : null })
          }
        />
      );
  }
}
