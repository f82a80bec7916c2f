import { defaultOnboardingForm, issuesBefore, ONBOARDING_STEP_ORDER } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { nextStep, previousStep, problemsOf, problemsOfStep } from './onboarding-flow';
import { onboardingMessages } from './onboarding.messages';

describe('the onboarding flow', () => {
  it('walks the seven steps in order, and stops at both ends', () => {
    expect(ONBOARDING_STEP_ORDER).toEqual([
      'main_marketplace',
      'marketplaces',
      'inventory_size',
      'crosslisting_workflow',
      'listing_template',
      'contact',
      'onboarding_done',
    ]);
    expect(nextStep('main_marketplace')).toBe('marketplaces');
    expect(nextStep('contact')).toBe('onboarding_done');
    expect(nextStep('onboarding_done')).toBe('onboarding_done');
    expect(previousStep('marketplaces')).toBe('main_marketplace');
    expect(previousStep('main_marketplace')).toBe('main_marketplace');
  });

  it('the defaults pass the first two steps but not the inventory size', () => {
    const form = defaultOnboardingForm();
    expect(problemsOfStep(form, 'main_marketplace')).toEqual({});
    expect(problemsOfStep(form, 'marketplaces')).toEqual({});
    expect(problemsOfStep(form, 'inventory_size')).toEqual({
      inventorySize: onboardingMessages.problemInventorySize,
    });
  });

  it('maps a refused finish to a problem per field and the first step to fix', () => {
    const form = {
      ...defaultOnboardingForm(),
      inventorySize: 12,
      step: 'onboarding_done' as const,
    };
    const issues = issuesBefore(form);
    expect(issues.map((i) => i.path)).toEqual([
      'listingTemplate.title',
      'listingTemplate.description',
      'contact.email',
      'contact.name',
      'contact.role',
    ]);
    const problems = problemsOf(issues);
    expect(problems.firstStep).toBe('listing_template');
    expect(problems.fields['contact.name']).toBe(onboardingMessages.problemContactName);
    expect(problems.unknown).toEqual([]);
  });

  it('keeps the server’s sentence for a field it does not know', () => {
    const problems = problemsOf([{ path: 'somethingNew', message: 'Something new is missing' }]);
    expect(problems).toEqual({
      fields: {},
      firstStep: null,
      unknown: ['Something new is missing'],
    });
  });

  it('refuses a contact e-mail that is not one', () => {
    const form = {
      ...defaultOnboardingForm(),
      contact: { email: 'ada@', name: 'Ada', role: 'Owner' },
    };
    expect(Object.keys(problemsOfStep(form, 'contact'))).toEqual(['contact.email']);
  });
});
