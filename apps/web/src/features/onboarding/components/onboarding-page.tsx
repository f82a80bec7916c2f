import {
  ONBOARDING_STEP_ORDER,
  issuesBefore,
  stepIndex,
  type Onboarding,
  type OnboardingForm,
  type OnboardingIssue,
  type OnboardingStep,
} from '@listloop/domain';
import { Alert, Button, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { useSessionContext } from '../../../lib/session';
import { useOnboarding, useSaveOnboarding } from '../hooks/use-onboarding';
import {
  formOf,
  nextStep,
  previousStep,
  problemsOf,
  problemsOfStep,
  STEP_LABEL,
  type FieldProblems,
} from '../onboarding-flow';
import { onboardingMessages as m } from '../onboarding.messages';
import { StepBody } from './onboarding-steps';

/**
 * Spec §2 /onboarding (onboarding-rework flag): the guided flow of the seven steps. Each move
 * saves the form with the step it goes to (the lenient form), so a reload resumes there; Finish
 * saves onboarding_done, which the server accepts only when the strict form passes, and which
 * approves the account: the session is refreshed and the seller goes to the root (spec §4).
 */
export function OnboardingPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.documentTitle));
  const onboarding = useOnboarding();

  if (onboarding.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={intl.formatMessage(m.documentTitle)} />
      </Group>
    );
  }
  if (onboarding.isError) {
    return (
      <LoadErrorAlert
        title={<FormattedMessage {...m.loadFailed} />}
        error={onboarding.error}
        onRetry={() => void onboarding.refetch()}
      />
    );
  }
  return <OnboardingFlow record={onboarding.data} />;
}

function OnboardingFlow({ record }: { record: Onboarding }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const session = useSessionContext();
  const save = useSaveOnboarding();
  const [form, setForm] = useState<OnboardingForm>(() => formOf(record));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const step = form.step;
  const index = stepIndex(step);
  const last = ONBOARDING_STEP_ORDER.length - 1;

  // A record the server approved (here or by staff) opens the product.
  useEffect(() => {
    if (record.status !== 'APPROVED') return;
    // The gate may already have left this screen once the session says approved; a seller who
    // has gone on from there is not pulled back to the root.
    let left = false;
    void session.refresh().then(() => {
      if (!left) void navigate({ to: '/', replace: true });
    });
    return () => {
      left = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per approval
  }, [record.status]);

  const change = (patch: Partial<OnboardingForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    // A field being fixed stops being marked.
    setProblems((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) {
        for (const path of Object.keys(next)) if (path.split('.')[0] === key) delete next[path];
      }
      return next;
    });
  };

  const showIssues = (issues: readonly OnboardingIssue[]) => {
    const found = problemsOf(issues);
    setProblems(found.fields);
    if (found.firstStep && stepIndex(found.firstStep) < stepIndex(step)) {
      setForm((current) => ({ ...current, step: found.firstStep! }));
    }
    setFailure(
      found.unknown.length > 0 ? found.unknown.join(' ') : intl.formatMessage(m.fixFields),
    );
  };

  const goTo = async (target: OnboardingStep) => {
    setFailure(null);
    if (stepIndex(target) > index) {
      const here = problemsOfStep(form, step);
      if (Object.keys(here).length > 0) {
        setProblems(here);
        return;
      }
      // The steps before this one may have been emptied since: the server would refuse.
      const before = issuesBefore({ ...form, step: target });
      if (before.length > 0) {
        showIssues(before);
        return;
      }
    }
    const next = { ...form, step: target };
    try {
      // The summary is not saved as a step: saving onboarding_done is finishing. The answers
      // are saved with the contact step, where a reload resumes.
      await save.mutateAsync(target === 'onboarding_done' ? { ...form, step: 'contact' } : next);
      setForm(next);
      setProblems({});
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) showIssues(error.issues);
      else setFailure(intl.formatMessage(m.notSaved, { reason: errorText(intl, error) }));
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          <FormattedMessage {...m.heading} />
        </Title>
        <Text c="dimmed" fz="sm">
          <FormattedMessage {...m.subheading} />
        </Text>
      </Stack>

      <nav aria-label={intl.formatMessage(m.stepperLabel)}>
        <Stepper active={index} size="xs" allowNextStepsSelect={false} visibleFrom="sm">
          {ONBOARDING_STEP_ORDER.map((s) => (
            <Stepper.Step
              key={s}
              label={intl.formatMessage(STEP_LABEL[s])}
              aria-current={s === step ? 'step' : undefined}
            />
          ))}
        </Stepper>
        <Text hiddenFrom="sm" fz="sm" fw={600}>
          <FormattedMessage
            {...m.stepOf}
            values={{ current: index + 1, total: ONBOARDING_STEP_ORDER.length }}
          />
          {' · '}
          {intl.formatMessage(STEP_LABEL[step])}
        </Text>
      </nav>

      <StepBody step={step} form={form} record={record} problems={problems} onChange={change} />

      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {failure}
        </Alert>
      )}

      <Group justify="space-between">
        <Button
          variant="default"
          disabled={index === 0 || save.isPending}
          onClick={() => void goTo(previousStep(step))}
        >
          <FormattedMessage {...m.back} />
        </Button>
        {index < last ? (
          <Button loading={save.isPending} onClick={() => void goTo(nextStep(step))}>
            <FormattedMessage {...m.next} />
          </Button>
        ) : (
          <Button loading={save.isPending} onClick={() => void finish()}>
            <FormattedMessage {...m.finish} />
          </Button>
        )}
      </Group>
    </Stack>
  );

  async function finish() {
    setFailure(null);
    try {
      // Saving onboarding_done finishes; the approved record then opens the product (above).
      await save.mutateAsync({ ...form, step: 'onboarding_done' });
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) showIssues(error.issues);
      else setFailure(intl.formatMessage(m.notSaved, { reason: errorText(intl, error) }));
    }
  }
}
