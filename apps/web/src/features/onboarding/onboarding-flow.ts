import {
  ONBOARDING_STEP_ORDER,
  stepIndex,
  stepIssues,
  type Onboarding,
  type OnboardingForm,
  type OnboardingIssue,
  type OnboardingStep,
} from '@listloop/domain';
import type { MessageDescriptor } from 'react-intl';
import { onboardingMessages as m } from './onboarding.messages';

/** The form a saved record holds: what the seller edits, without the server's own fields. */
export function formOf(record: Onboarding): OnboardingForm {
  return {
    step: record.step,
    inventorySize: record.inventorySize,
    mainMarketplace: record.mainMarketplace,
    marketplaces: record.marketplaces,
    listingTemplate: record.listingTemplate,
    crosslistWorkflow: record.crosslistWorkflow,
    contact: record.contact,
  };
}

export function nextStep(step: OnboardingStep): OnboardingStep {
  return ONBOARDING_STEP_ORDER[Math.min(stepIndex(step) + 1, ONBOARDING_STEP_ORDER.length - 1)]!;
}

export function previousStep(step: OnboardingStep): OnboardingStep {
  return ONBOARDING_STEP_ORDER[Math.max(stepIndex(step) - 1, 0)]!;
}

/** The step whose screen holds a field: where to send the seller to fix it. */
const FIELD_STEP: Record<string, OnboardingStep> = {
  mainMarketplace: 'main_marketplace',
  marketplaces: 'marketplaces',
  inventorySize: 'inventory_size',
  crosslistWorkflow: 'crosslisting_workflow',
  'listingTemplate.title': 'listing_template',
  'listingTemplate.description': 'listing_template',
  'contact.email': 'contact',
  'contact.name': 'contact',
  'contact.role': 'contact',
};

/** The sentence shown under each field the strict form finds missing, in the reader's language. */
const FIELD_PROBLEM: Record<string, MessageDescriptor> = {
  mainMarketplace: m.problemMainMarketplace,
  marketplaces: m.problemMarketplaces,
  inventorySize: m.problemInventorySize,
  crosslistWorkflow: m.problemWorkflow,
  'listingTemplate.title': m.problemTemplateTitle,
  'listingTemplate.description': m.problemTemplateDescription,
  'contact.email': m.problemContactEmail,
  'contact.name': m.problemContactName,
  'contact.role': m.problemContactRole,
};

export type FieldProblems = Partial<Record<string, MessageDescriptor>>;

/**
 * The issues of a refused save (the server's 400 or the same check made here) as a problem per
 * field, and the first step that has one. A path we do not know keeps the server's message.
 */
export function problemsOf(issues: readonly OnboardingIssue[]): {
  fields: FieldProblems;
  firstStep: OnboardingStep | null;
  unknown: string[];
} {
  const fields: FieldProblems = {};
  const unknown: string[] = [];
  let firstStep: OnboardingStep | null = null;
  for (const issue of issues) {
    const step = FIELD_STEP[issue.path];
    const problem = FIELD_PROBLEM[issue.path];
    if (!step || !problem) {
      unknown.push(issue.message);
      continue;
    }
    fields[issue.path] ??= problem;
    if (firstStep === null || stepIndex(step) < stepIndex(firstStep)) firstStep = step;
  }
  return { fields, firstStep, unknown };
}

/** What stops the seller leaving a step forward (the strict form of that step). */
export function problemsOfStep(form: OnboardingForm, step: OnboardingStep): FieldProblems {
  return problemsOf(stepIssues(form, step)).fields;
}

/** The stepper's name of each step. */
export const STEP_LABEL: Record<OnboardingStep, MessageDescriptor> = {
  main_marketplace: m.stepMainMarketplace,
  marketplaces: m.stepMarketplaces,
  inventory_size: m.stepInventorySize,
  crosslisting_workflow: m.stepWorkflow,
  listing_template: m.stepListingTemplate,
  contact: m.stepContact,
  onboarding_done: m.stepDone,
};
