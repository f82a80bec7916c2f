import { defineMessages } from '../../i18n/define-messages';

export const authMessages = defineMessages({
  loginTitle: { id: 'auth.login.title' },
  loginSubtitle: { id: 'auth.login.subtitle' },
  loginSubmit: { id: 'auth.login.submit' },
  loginFailedTitle: { id: 'auth.login.failedTitle' },
  loginTooManyAttempts: { id: 'auth.login.tooManyAttempts' },
  signedOutTitle: { id: 'auth.login.signedOutTitle' },
  joinTeamLink: { id: 'auth.login.joinTeamLink' },

  email: { id: 'auth.fields.email' },
  emailPlaceholder: { id: 'auth.fields.emailPlaceholder' },
  password: { id: 'auth.fields.password' },
  temporaryPassword: { id: 'auth.fields.temporaryPassword' },
  newPassword: { id: 'auth.fields.newPassword' },
  newPasswordHint: { id: 'auth.fields.newPasswordHint' },
  confirmPassword: { id: 'auth.fields.confirmPassword' },
  togglePasswordVisibility: { id: 'auth.fields.togglePasswordVisibility' },

  updatePasswordTitle: { id: 'auth.updatePassword.title' },
  updatePasswordIntro: { id: 'auth.updatePassword.intro' },
  updatePasswordSubmit: { id: 'auth.updatePassword.submit' },
  updatePasswordFailedTitle: { id: 'auth.updatePassword.failedTitle' },
  passwordSaved: { id: 'auth.updatePassword.saved' },

  joinTeamTitle: { id: 'auth.joinTeam.title' },
  joinTeamIntro: { id: 'auth.joinTeam.intro' },
  joinTeamSubmit: { id: 'auth.joinTeam.submit' },
  joinTeamFailedTitle: { id: 'auth.joinTeam.failedTitle' },
  joinTeamValidating: { id: 'auth.joinTeam.step.validating' },
  joinTeamSigningIn: { id: 'auth.joinTeam.step.signingIn' },
  joinTeamSavingPassword: { id: 'auth.joinTeam.step.savingPassword' },
  joinTeamPasswordNotSaved: { id: 'auth.joinTeam.passwordNotSaved' },
  joinTeamWelcome: { id: 'auth.joinTeam.welcome' },
  joinTeamSignInLink: { id: 'auth.joinTeam.signInLink' },
});
