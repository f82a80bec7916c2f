import { LoginSchema, NewPasswordSchema, UpdatePasswordSchema } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_FIELD_MESSAGES,
  NEW_PASSWORD_FIELD_MESSAGES,
  PASSWORD_FIELD_MESSAGES,
  classifyIssue,
  fieldErrors,
} from './validation';
import { validationMessages } from './validation.messages';

const loginMessages = { email: EMAIL_FIELD_MESSAGES, password: PASSWORD_FIELD_MESSAGES };

function loginErrors(input: Record<string, unknown>) {
  const result = LoginSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error.issues, loginMessages, input);
}

describe('form validation through the domain schemas', () => {
  it('asks for both login fields when empty', () => {
    const errors = loginErrors({ email: '', password: '' });
    expect(errors.email?.message).toBe(validationMessages.emailRequired);
    expect(errors.password?.message).toBe(validationMessages.passwordRequired);
  });

  it('treats a blank e-mail as missing, since the schema trims it', () => {
    expect(loginErrors({ email: '   ', password: 'x' }).email?.message).toBe(
      validationMessages.emailRequired,
    );
  });

  it('rejects a malformed e-mail', () => {
    const errors = loginErrors({ email: 'not-an-email', password: 'secret' });
    expect(errors.email?.message).toBe(validationMessages.emailInvalid);
    expect(errors.password).toBeUndefined();
  });

  it('accepts a valid login', () => {
    expect(loginErrors({ email: ' seller@example.com ', password: 'secret' })).toEqual({});
  });

  it('reports the minimum length of a new password', () => {
    const input = { password: 'short' };
    const result = UpdatePasswordSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(
      result.error.issues,
      { password: NEW_PASSWORD_FIELD_MESSAGES },
      input,
    );
    expect(errors.password).toEqual({
      message: validationMessages.passwordTooShort,
      values: { min: 10 },
    });
  });

  it('calls an empty new password missing, not too short', () => {
    const result = NewPasswordSchema.safeParse('');
    expect(result.success).toBe(false);
    if (result.success) return;
    const [issue] = result.error.issues;
    expect(issue && classifyIssue(issue, '').kind).toBe('required');
  });

  it('falls back to a generic message for a field without its own', () => {
    const input = { email: 'seller@example.com' };
    const result = LoginSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error.issues, {}, input);
    expect(errors.password?.message).toBe(validationMessages.invalid);
  });
});
