import { defineMessages } from './define-messages';

export const validationMessages = defineMessages({
  emailRequired: { id: 'validation.email.required' },
  emailInvalid: { id: 'validation.email.invalid' },
  passwordRequired: { id: 'validation.password.required' },
  passwordTooShort: { id: 'validation.password.tooShort' },
  passwordTooLong: { id: 'validation.password.tooLong' },
  passwordMismatch: { id: 'validation.password.mismatch' },
  temporaryPasswordRequired: { id: 'validation.temporaryPassword.required' },
  invalid: { id: 'validation.invalid' },
});
