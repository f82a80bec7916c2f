import { defineMessages } from '../../i18n/define-messages';

export const signUpMessages = defineMessages({
  title: { id: 'account.signUp.title' },
  subtitle: { id: 'account.signUp.subtitle' },
  submit: { id: 'account.signUp.submit' },
  failedTitle: { id: 'account.signUp.failedTitle' },
  signInFailed: { id: 'account.signUp.signInFailed' },
  signUpLink: { id: 'account.signUp.link' },
  signInLink: { id: 'account.signUp.signInLink' },
  companyName: { id: 'account.fields.companyName' },
  firstName: { id: 'account.fields.firstName' },
  lastName: { id: 'account.fields.lastName' },
  country: { id: 'account.fields.country' },
  countryHint: { id: 'account.fields.countryHint' },
  companyNameRequired: { id: 'account.validation.companyNameRequired' },
  companyNameTooLong: { id: 'account.validation.companyNameTooLong' },
  firstNameRequired: { id: 'account.validation.firstNameRequired' },
  nameTooLong: { id: 'account.validation.nameTooLong' },
  emailTooLong: { id: 'account.validation.emailTooLong' },
});
