import {
  MARKETPLACE_NAMES,
  needsVestiaireAccess,
  orderMarketplaces,
  SUPPORTED_MARKETPLACES,
  type MarketplaceId,
  type Onboarding,
  type OnboardingForm,
  type OnboardingStep,
} from '@listloop/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconFileSpreadsheet,
  IconMailForward,
  IconPackage,
  IconRefresh,
} from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { MarketplaceLogo } from '../../../components/marketplaces/marketplace-logo';
import { NumberField } from '../../../components/ui/number-field';
import { errorText } from '../../../lib/error-text';
import { useRequestVestiaireAccess } from '../hooks/use-onboarding';
import { STEP_LABEL, type FieldProblems } from '../onboarding-flow';
import { onboardingMessages as m } from '../onboarding.messages';
import { START_CHOICES, START_CHOICE_TEXT, type StartChoice } from '../start-choices';

const ICONS: Record<StartChoice, typeof IconPackage> = {
  create_new_items_within_listloop: IconPackage,
  keep_importing_from_ebay: IconRefresh,
  import_from_csv: IconFileSpreadsheet,
};

interface StepProps {
  form: OnboardingForm;
  record: Onboarding;
  problems: FieldProblems;
  onChange: (patch: Partial<OnboardingForm>) => void;
}

export function StepBody({ step, ...props }: StepProps & { step: OnboardingStep }) {
  switch (step) {
    case 'main_marketplace':
      return <MainMarketplaceStep {...props} />;
    case 'marketplaces':
      return <MarketplacesStep {...props} />;
    case 'inventory_size':
      return <InventoryStep {...props} />;
    case 'crosslisting_workflow':
      return <WorkflowStep {...props} />;
    case 'listing_template':
      return <TemplateStep {...props} />;
    case 'contact':
      return <ContactStep {...props} />;
    case 'onboarding_done':
      return <DoneStep {...props} />;
  }
}

function StepHeading({ title, body }: { title: MessageDescriptor; body: MessageDescriptor }) {
  return (
    <Stack gap={4}>
      <Title order={2} fz={20}>
        <FormattedMessage {...title} />
      </Title>
      <Text c="dimmed" fz="sm">
        <FormattedMessage {...body} />
      </Text>
    </Stack>
  );
}

function useMarketplaceOrder(): MarketplaceId[] {
  const intl = useIntl();
  return orderMarketplaces(SUPPORTED_MARKETPLACES, { locale: intl.locale });
}

function Problem({ problem }: { problem: MessageDescriptor | undefined }) {
  if (!problem) return null;
  return (
    <Text c="red" fz="sm" role="alert">
      <FormattedMessage {...problem} />
    </Text>
  );
}

function MarketplaceTile({
  marketplace,
  control,
}: {
  marketplace: MarketplaceId;
  control: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" w="100%">
      <MarketplaceLogo marketplace={marketplace} size={32} />
      <Text fz="sm" fw={600} style={{ flex: 1 }}>
        {MARKETPLACE_NAMES[marketplace]}
      </Text>
      {control}
    </Group>
  );
}

function MainMarketplaceStep({ form, problems, onChange }: StepProps) {
  const intl = useIntl();
  const marketplaces = useMarketplaceOrder();
  return (
    <Stack gap="md">
      <StepHeading title={m.mainMarketplaceTitle} body={m.mainMarketplaceBody} />
      <Radio.Group
        value={form.mainMarketplace ?? ''}
        onChange={(value) => onChange({ mainMarketplace: value as MarketplaceId })}
        label={intl.formatMessage(m.stepMainMarketplace)}
        labelProps={{ mb: 'xs' }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
          {marketplaces.map((marketplace) => (
            <Radio.Card key={marketplace} value={marketplace} radius="md" p="sm">
              <MarketplaceTile marketplace={marketplace} control={<Radio.Indicator />} />
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Problem problem={problems.mainMarketplace} />
    </Stack>
  );
}

function MarketplacesStep({ form, record, problems, onChange }: StepProps) {
  const intl = useIntl();
  const marketplaces = useMarketplaceOrder();
  return (
    <Stack gap="md">
      <StepHeading title={m.marketplacesTitle} body={m.marketplacesBody} />
      <Checkbox.Group
        value={form.marketplaces}
        onChange={(value) => onChange({ marketplaces: value as MarketplaceId[] })}
        label={intl.formatMessage(m.stepMarketplaces)}
        labelProps={{ mb: 'xs' }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
          {marketplaces.map((marketplace) => (
            <Checkbox.Card key={marketplace} value={marketplace} radius="md" p="sm">
              <MarketplaceTile marketplace={marketplace} control={<Checkbox.Indicator />} />
            </Checkbox.Card>
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Problem problem={problems.marketplaces} />
      {needsVestiaireAccess(form.marketplaces) && (
        <VestiaireAccessRequest record={record} defaultEmail={form.contact.email} />
      )}
    </Stack>
  );
}

/** Spec §7: the e-mail asking for Vestiaire Collective API access, sent for real. */
function VestiaireAccessRequest({
  record,
  defaultEmail,
}: {
  record: Onboarding;
  defaultEmail: string;
}) {
  const intl = useIntl();
  const request = useRequestVestiaireAccess();
  const [email, setEmail] = useState(defaultEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const titleId = useId();
  return (
    <Alert
      variant="light"
      color="gray"
      radius="md"
      icon={<IconMailForward size={18} />}
      title={<span id={titleId}>{intl.formatMessage(m.vestiaireTitle)}</span>}
      role="region"
      aria-labelledby={titleId}
    >
      <Stack gap="xs">
        <Text fz="sm">
          <FormattedMessage {...m.vestiaireBody} />
        </Text>
        <Group align="flex-end" gap="xs">
          <TextInput
            type="email"
            label={intl.formatMessage(m.vestiaireEmailLabel)}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button
            loading={request.isPending}
            onClick={() =>
              request.mutate(email.trim(), { onSuccess: () => setSentTo(email.trim()) })
            }
          >
            <FormattedMessage {...m.vestiaireSend} />
          </Button>
        </Group>
        <div role="status">
          {sentTo ? (
            <Text fz="sm" c="teal.8">
              <FormattedMessage {...m.vestiaireSent} values={{ email: sentTo }} />
            </Text>
          ) : (
            record.vestiaireAccessRequestedAt && (
              <Text fz="sm" c="dimmed">
                <FormattedMessage
                  {...m.vestiaireRequestedOn}
                  values={{
                    date: intl.formatDate(record.vestiaireAccessRequestedAt, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                  }}
                />
              </Text>
            )
          )}
        </div>
        {request.isError && (
          <Text fz="sm" c="red" role="alert">
            <FormattedMessage
              {...m.vestiaireNotSent}
              values={{ reason: errorText(intl, request.error) }}
            />
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function InventoryStep({ form, problems, onChange }: StepProps) {
  const intl = useIntl();
  return (
    <Stack gap="md">
      <StepHeading title={m.inventoryTitle} body={m.inventoryBody} />
      <NumberField
        label={intl.formatMessage(m.inventoryLabel)}
        value={form.inventorySize > 0 ? form.inventorySize : null}
        onChange={(value) => onChange({ inventorySize: value ?? 0 })}
        min={0}
        max={10_000_000}
        maw={240}
        required
        error={problems.inventorySize ? intl.formatMessage(problems.inventorySize) : undefined}
      />
    </Stack>
  );
}

function WorkflowStep({ form, problems, onChange }: StepProps) {
  const intl = useIntl();
  return (
    <Stack gap="md">
      <StepHeading title={m.title} body={m.intro} />
      <Radio.Group
        value={form.crosslistWorkflow}
        onChange={(value) => onChange({ crosslistWorkflow: value as StartChoice })}
        label={intl.formatMessage(m.choicesLabel)}
        labelProps={{ mb: 'xs' }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {START_CHOICES.map((option) => {
            const Icon = ICONS[option];
            return (
              <Radio.Card key={option} value={option} radius="md" p="md">
                <Stack gap="xs" w="100%">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                      <Icon size={20} />
                    </ThemeIcon>
                    <Radio.Indicator />
                  </Group>
                  <Text fw={650} fz="sm">
                    {intl.formatMessage(START_CHOICE_TEXT[option].title)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {intl.formatMessage(START_CHOICE_TEXT[option].body)}
                  </Text>
                </Stack>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      <Problem problem={problems.crosslistWorkflow} />
    </Stack>
  );
}

function TemplateStep({ form, problems, onChange }: StepProps) {
  const intl = useIntl();
  const error = (path: string) => {
    const problem = problems[path];
    return problem ? intl.formatMessage(problem) : undefined;
  };
  return (
    <Stack gap="md">
      <StepHeading title={m.templateTitle} body={m.templateBody} />
      <TextInput
        label={intl.formatMessage(m.templateTitleLabel)}
        required
        maxLength={200}
        value={form.listingTemplate.title}
        onChange={(event) =>
          onChange({
            listingTemplate: { ...form.listingTemplate, title: event.currentTarget.value },
          })
        }
        error={error('listingTemplate.title')}
      />
      <Textarea
        label={intl.formatMessage(m.templateDescriptionLabel)}
        required
        autosize
        minRows={4}
        maxLength={5000}
        value={form.listingTemplate.description}
        onChange={(event) =>
          onChange({
            listingTemplate: { ...form.listingTemplate, description: event.currentTarget.value },
          })
        }
        error={error('listingTemplate.description')}
      />
    </Stack>
  );
}

function ContactStep({ form, problems, onChange }: StepProps) {
  const intl = useIntl();
  const error = (path: string) => {
    const problem = problems[path];
    return problem ? intl.formatMessage(problem) : undefined;
  };
  const set = (patch: Partial<OnboardingForm['contact']>) =>
    onChange({ contact: { ...form.contact, ...patch } });
  return (
    <Stack gap="md">
      <StepHeading title={m.contactTitle} body={m.contactBody} />
      <TextInput
        type="email"
        autoComplete="email"
        label={intl.formatMessage(m.contactEmail)}
        required
        value={form.contact.email}
        onChange={(event) => set({ email: event.currentTarget.value })}
        error={error('contact.email')}
      />
      <TextInput
        autoComplete="name"
        label={intl.formatMessage(m.contactName)}
        required
        maxLength={200}
        value={form.contact.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={error('contact.name')}
      />
      <TextInput
        autoComplete="organization-title"
        label={intl.formatMessage(m.contactRole)}
        required
        maxLength={200}
        value={form.contact.role}
        onChange={(event) => set({ role: event.currentTarget.value })}
        error={error('contact.role')}
      />
    </Stack>
  );
}

function DoneStep({ form }: StepProps) {
  const intl = useIntl();
  const notGiven = intl.formatMessage(m.notGiven);
  const rows: [MessageDescriptor, string][] = [
    [
      STEP_LABEL.main_marketplace,
      form.mainMarketplace ? MARKETPLACE_NAMES[form.mainMarketplace] : notGiven,
    ],
    [
      STEP_LABEL.marketplaces,
      form.marketplaces.length > 0
        ? intl.formatList(form.marketplaces.map((id) => MARKETPLACE_NAMES[id]))
        : notGiven,
    ],
    [STEP_LABEL.inventory_size, intl.formatMessage(m.summaryItems, { count: form.inventorySize })],
    [
      STEP_LABEL.crosslisting_workflow,
      intl.formatMessage(START_CHOICE_TEXT[form.crosslistWorkflow].title),
    ],
    [STEP_LABEL.listing_template, form.listingTemplate.title || notGiven],
    [
      STEP_LABEL.contact,
      [form.contact.name, form.contact.role, form.contact.email].filter(Boolean).join(' · ') ||
        notGiven,
    ],
  ];
  return (
    <Stack gap="md">
      <StepHeading title={m.doneTitle} body={m.doneBody} />
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label.id}>
              <Table.Th w={180}>{intl.formatMessage(label)}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
