import { describe, expect, it } from 'vitest';
import { issuesUnder } from './form-issues';

describe('the server’s issues for one form', () => {
  it('are keyed by the path under the form’s prefix, first one kept', () => {
    const issues = [
      { path: 'rules.0.from', message: 'Too long' },
      { path: 'rules.0.from', message: 'Second' },
      { path: 'rules.0.to', message: 'Required' },
      { path: 'rules.1.to', message: 'Other rule' },
      { path: 'rules.0.', message: 'No field' },
    ];
    expect(issuesUnder(issues, 'rules.0.')).toEqual({ from: 'Too long', to: 'Required' });
    expect(issuesUnder(issues, 'pricingRule.')).toEqual({});
  });
});
