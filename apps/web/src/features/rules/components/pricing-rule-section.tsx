import {
  ADJUSTMENT_PERCENT_MAX,
  ADJUSTMENT_PERCENT_MIN,
  MARKETPLACE_NAMES,
  PRICE_MAX,
  PRICE_ROUNDINGS,
  fromCents,
  type MarketplaceId,
  type PricingRule,
} from '@listloop/domain';
import { Alert, Button, Card, Group, List, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { MoneyInput } from '../../../components/ui/money-input';
import { NumberField } from '../../../components/ui/number-field';
import { SectionCard } from '../../../components/ui/section-card';
import { ApiError } from '../../../lib/api-client';
import { useAccountCurrency, useMoneyFormat } from '../../../lib/money/use-money';
import { pricingRuleQueryOptions } from '../api/rules.api';
import { issuesUnder } from '../form-issues';
import { useRemovePricingRule, useSavePricingRule } from '../hooks/use-rule-mutations';
import {
  EMPTY_PRICING_VALUES,
  hasPricingProblems,
  pricingExample,
  pricingRuleFromValues,
  pricingRuleProblems,
  pricingValuesChanged,
  pricingValuesFromRule,
  type PricingField,
  type PricingRuleValues,
} from '../pricing-rule-form';
import { pricingStepText, ruleErrorText, valueProblemText } from '../rules-text';
import { pricingMessages, roundingMessages, rulesMessages } from '../rules.messages';
import { SectionLoader } from './section-loader';
import { HelpTextAlert } from '../../../components/help-text/help-text-alert';

/** A price to try the rule on before the seller picks a sample item. */
const FALLBACK_EXAMPLE_PRICE = 100;

/** The marketplace's pricing rule: edit it, remove it, and see it work on an example price. */
export function PricingRuleSection({
  marketplace,
  canManage,
  samplePrice,
}: {
  marketplace: MarketplaceId;
  canManage: boolean;
  /** The preview's sample item's price, the natural example. */
  samplePrice: number | null;
}) {
  const intl = useIntl();
  const query = useQuery(pricingRuleQueryOptions(marketplace));
  const name = MARKETPLACE_NAMES[marketplace];

  return (
    <SectionCard
      titleId="rules-pricing-title"
      icon={<IconReceipt size={18} />}
      title={intl.formatMessage(pricingMessages.title)}
      description={intl.formatMessage(pricingMessages.description, { marketplace: name })}
    >
      <HelpTextAlert helpKey="pricingRules" mb="sm" />
      <SectionLoader query={query}>
        {query.data !== undefined && (
          <PricingRuleForm
            marketplace={marketplace}
            saved={query.data}
            canManage={canManage}
            samplePrice={samplePrice}
          />
        )}
      </SectionLoader>
    </SectionCard>
  );
}

function PricingRuleForm({
  marketplace,
  saved,
  canManage,
  samplePrice,
}: {
  marketplace: MarketplaceId;
  saved: PricingRule | null;
  canManage: boolean;
  samplePrice: number | null;
}) {
  const intl = useIntl();
  const currency = useAccountCurrency();
  const money = useMoneyFormat();
  const name = MARKETPLACE_NAMES[marketplace];
  const save = useSavePricingRule(marketplace);
  const remove = useRemovePricingRule(marketplace);
  const [values, setValues] = useState<PricingRuleValues>(() => pricingValuesFromRule(saved));
  const [justSaved, setJustSaved] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

  const problems = pricingRuleProblems(values);
  const serverIssues =
    save.error instanceof ApiError ? issuesUnder(save.error.issues, 'pricingRule.') : {};
  const changed = pricingValuesChanged(values, saved);
  const formError =
    save.isError && Object.keys(serverIssues).length === 0 ? ruleErrorText(intl, save.error) : null;

  const error = (field: PricingField) => {
    const problem = problems[field];
    if (problem) {
      return valueProblemText(intl, problem, field === 'adjustmentPercent' ? undefined : money);
    }
    return serverIssues[field];
  };
  const update = (change: Partial<PricingRuleValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setJustSaved(false);
    if (save.isError) save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canManage || hasPricingProblems(problems)) return;
    save.mutate(pricingRuleFromValues(values), { onSuccess: () => setJustSaved(true) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {saved === null && (
          <Text fz="sm" c="dimmed">
            {intl.formatMessage(pricingMessages.none, { marketplace: name })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <NumberField
            label={intl.formatMessage(pricingMessages.percent)}
            description={intl.formatMessage(pricingMessages.percentHint)}
            unit="%"
            decimals={2}
            min={ADJUSTMENT_PERCENT_MIN}
            max={ADJUSTMENT_PERCENT_MAX}
            readOnly={!canManage}
            value={values.adjustmentPercent}
            onChange={(adjustmentPercent) => update({ adjustmentPercent })}
            error={error('adjustmentPercent')}
          />
          <MoneyInput
            label={intl.formatMessage(pricingMessages.fixed)}
            description={intl.formatMessage(pricingMessages.fixedHint)}
            readOnly={!canManage}
            min={-PRICE_MAX}
            value={values.fixedAmount}
            onChange={(fixedAmount) => update({ fixedAmount })}
            error={error('fixedAmount')}
          />
          <Select
            label={intl.formatMessage(pricingMessages.rounding)}
            description={intl.formatMessage(pricingMessages.roundingHint)}
            data={PRICE_ROUNDINGS.map((rounding) => ({
              value: rounding,
              label: intl.formatMessage(roundingMessages[rounding], { currency }),
            }))}
            value={values.rounding}
            allowDeselect={false}
            readOnly={!canManage}
            onChange={(value) => {
              const rounding = PRICE_ROUNDINGS.find((candidate) => candidate === value);
              if (rounding) update({ rounding });
            }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <MoneyInput
            label={intl.formatMessage(pricingMessages.minimum)}
            description={intl.formatMessage(pricingMessages.limitHint)}
            readOnly={!canManage}
            value={values.minimumPrice}
            onChange={(minimumPrice) => update({ minimumPrice })}
            error={error('minimumPrice')}
          />
          <MoneyInput
            label={intl.formatMessage(pricingMessages.maximum)}
            description={intl.formatMessage(pricingMessages.limitHint)}
            readOnly={!canManage}
            value={values.maximumPrice}
            onChange={(maximumPrice) => update({ maximumPrice })}
            error={error('maximumPrice')}
          />
        </SimpleGrid>

        <PricingExample
          marketplace={marketplace}
          values={values}
          samplePrice={samplePrice}
          currency={currency}
        />

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
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!changed || hasPricingProblems(problems)}
            >
              {intl.formatMessage(pricingMessages.save)}
            </Button>
            {saved !== null && (
              <Button variant="subtle" color="red" onClick={() => setConfirmRemove(true)}>
                {intl.formatMessage(pricingMessages.remove)}
              </Button>
            )}
            {justSaved && !changed && (
              <Group gap={4} c="teal" role="status">
                <IconCheck size={16} />
                <Text fz="sm">{intl.formatMessage(pricingMessages.saved)}</Text>
              </Group>
            )}
          </Group>
        )}
      </Stack>

      <ConfirmModal
        opened={confirmRemove}
        onClose={() => {
          setConfirmRemove(false);
          remove.reset();
        }}
        danger
        loading={remove.isPending}
        title={intl.formatMessage(pricingMessages.removeTitle, { marketplace: name })}
        confirmLabel={intl.formatMessage(pricingMessages.removeConfirm)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmRemove(false);
              setValues(EMPTY_PRICING_VALUES);
              setJustSaved(false);
            },
          })
        }
      >
        <Stack gap="xs">
          <Text fz="sm">
            {intl.formatMessage(pricingMessages.removeBody, { marketplace: name })}
          </Text>
          {remove.isError && (
            <Text fz="sm" c="red" role="alert">
              {ruleErrorText(intl, remove.error)}
            </Text>
          )}
        </Stack>
      </ConfirmModal>
    </form>
  );
}

/** The rule at work on one price, recomputed as the seller types (the domain's own function). */
function PricingExample({
  marketplace,
  values,
  samplePrice,
  currency,
}: {
  marketplace: MarketplaceId;
  values: PricingRuleValues;
  samplePrice: number | null;
  currency: string;
}) {
  const intl = useIntl();
  const money = useMoneyFormat();
  // Undefined until the seller types; emptied (null), the example goes back to the sample price.
  const [typed, setTyped] = useState<number | null | undefined>(undefined);
  const shownPrice = typed === undefined ? (samplePrice ?? FALLBACK_EXAMPLE_PRICE) : typed;
  const price = shownPrice ?? samplePrice ?? FALLBACK_EXAMPLE_PRICE;
  const result = pricingExample(price, values);
  const rule = pricingRuleFromValues(values);
  const name = MARKETPLACE_NAMES[marketplace];

  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      bg="var(--mantine-color-gray-light)"
      component="section"
      aria-labelledby="rules-pricing-example"
    >
      <Stack gap="xs">
        <Text fw={600} fz="sm" id="rules-pricing-example">
          {intl.formatMessage(pricingMessages.exampleTitle)}
        </Text>
        <MoneyInput
          label={intl.formatMessage(pricingMessages.example)}
          description={intl.formatMessage(pricingMessages.exampleHint)}
          maw={220}
          value={shownPrice}
          onChange={setTyped}
        />
        <div role="status" aria-live="polite">
          {result === null ? (
            <Text fz="sm" c="dimmed">
              {intl.formatMessage(pricingMessages.exampleInvalid)}
            </Text>
          ) : result.steps.length === 0 ? (
            <Text fz="sm">
              {intl.formatMessage(pricingMessages.exampleUnchanged, {
                price: money(fromCents(result.fromCents)),
                marketplace: name,
              })}
            </Text>
          ) : (
            <Stack gap={4}>
              <Text fz="sm" fw={600}>
                {intl.formatMessage(pricingMessages.exampleResult, {
                  from: money(fromCents(result.fromCents)),
                  to: money(fromCents(result.cents)),
                  marketplace: name,
                })}
              </Text>
              <List type="ordered" fz="sm" spacing={2}>
                {result.steps.map((step, index) => (
                  <List.Item key={`${step.kind}-${index}`}>
                    {intl.formatMessage(pricingMessages.step, {
                      step: pricingStepText(intl, step.kind, rule, currency),
                      from: money(fromCents(step.fromCents)),
                      to: money(fromCents(step.toCents)),
                    })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </div>
      </Stack>
    </Card>
  );
}
