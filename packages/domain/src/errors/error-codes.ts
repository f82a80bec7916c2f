import type { ListingProblem } from '../marketplaces/listing-checks';

/**
 * Stable error codes the server sends in `code` and the web app turns into text through its
 * catalogues (`error.<code>`). The server's English `message` is the fallback.
 */
export const ERROR_CODES = [
  'auth/login-fail',
  'auth/user-logged-out',
  'auth/provider-user-logged-out',
  'auth/inactive-account',
  'auth/login-failure',
  'auth/too-many-attempts',
  'auth/temporary-password-expired',
  'auth/new-password-is-temporary',
  'auth/pending-account-user',
  'auth/csrf',
  'auth/forbidden',
  'auth/executor-unpaired',
  'auth/executor-scope',
  'auth/service-key-invalid',
  'auth/service-key-scope',
  'auth/metrics-token',
  'team/grant-beyond-own',
  'team/owner-protected',
  'team/member-above-you',
  'team/protected-role',
  'team/email-off',
  'team/invitation-not-sent',
  'account/email-taken',
  'onboarding/email-off',
  'onboarding/request-not-sent',
  'picking-list/off',
  'picking-list/not-verified',
  'picking-list/scan-required',
  'picking-list/nothing-to-print',
  'reports/already-running',
  'reports/not-failed',
  'reports/not-ready',
  'reports/expired',
  'ai/unavailable',
  'ai/timeout',
  'ai/refused',
  'ai/bad-answer',
  'background-removal/limit-reached',
  'background-removal/not-ready',
  'request/invalid',
  'request/not-found',
  'request/conflict',
  'request/too-many',
  'server/internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Server-side English fallbacks; the web app shows the catalogue text for the code. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  'auth/login-fail': 'The e-mail or password is not correct.',
  'auth/user-logged-out': 'You are signed out. Please sign in.',
  'auth/provider-user-logged-out': 'Your sign-in is not linked to any ListLoop account.',
  'auth/inactive-account':
    'This account is inactive. Contact your account administrator to regain access.',
  'auth/login-failure': 'We could not sign you in. Please try again.',
  'auth/too-many-attempts': 'Too many sign-in attempts. Please wait a few minutes and try again.',
  'auth/temporary-password-expired':
    'Your temporary password has expired. Ask your team administrator for a new invitation.',
  'auth/new-password-is-temporary': 'Choose a new password, not the temporary one.',
  'auth/pending-account-user': 'Set your own password to finish joining the team.',
  'auth/csrf': 'This request did not come from ListLoop and was refused.',
  'auth/forbidden': 'Your role does not allow this action.',
  'auth/executor-unpaired':
    'This browser is no longer paired with ListLoop. Pair it again from the Marketplaces screen.',
  'auth/executor-scope':
    'The browser extension can only carry out listings and report sales. Sign in to ListLoop for anything else.',
  'auth/service-key-invalid':
    'This service key is not valid: it was revoked, or whoever made it no longer has access to the account. Make a new key on the Service keys screen.',
  'auth/service-key-scope': 'A service key cannot be used for this request.',
  'auth/metrics-token':
    'The metrics need the token of the METRICS_TOKEN setting as a bearer token (Authorization: Bearer …).',
  'team/grant-beyond-own': 'You cannot give a permission that your own role does not have.',
  'team/owner-protected':
    "Only the account's owner can deactivate, remove or change the role of the owner.",
  'team/member-above-you':
    'You cannot change, deactivate or remove a team member whose role has permissions your own role does not have.',
  'team/protected-role': "Only the account's owner can give or change the admin and viewer roles.",
  'team/email-off':
    'New team members get their temporary password by e-mail, and e-mail is off on this server.',
  'team/invitation-not-sent':
    'The invitation e-mail could not be sent, so nothing was changed. Please try again.',
  'account/email-taken':
    'This e-mail already has a ListLoop sign-in. Sign in with it, or use another e-mail to open a new account.',
  'onboarding/email-off':
    'The Vestiaire Collective access request goes by e-mail, and e-mail is off on this server.',
  'onboarding/request-not-sent':
    'The Vestiaire Collective access request could not be sent. Please try again.',
  'picking-list/off':
    'The picking list is off for this account. Someone who manages the account can turn it on in the account settings.',
  'picking-list/not-verified': 'Check every item of this order before marking it packed.',
  'picking-list/scan-required':
    'This account checks items by their barcode: scan or type the SKU of this item instead.',
  'picking-list/nothing-to-print': 'There is nothing on the picking list to print.',
  'reports/already-running':
    'A report of yours is still being made. Wait for it to finish before starting another.',
  'reports/not-failed': 'Only a report that failed can be started again.',
  'reports/not-ready': 'This report is not finished yet; download it when it is done.',
  'reports/expired':
    'This report was removed after being kept for 7 days. Start a new report to get the file again.',
  'ai/unavailable': 'The AI service did not answer. Try again in a minute.',
  'ai/timeout': 'The AI service took too long to answer. Try again in a minute.',
  'ai/refused':
    'The AI service refused ListLoop’s request, so its settings may be wrong. Ask whoever runs ListLoop to check the AI settings.',
  'ai/bad-answer':
    'The AI service answered with something ListLoop could not read. Try again in a minute.',
  'background-removal/limit-reached':
    'This account has used all the background removals it may have. Ask whoever runs ListLoop to raise the limit.',
  'background-removal/not-ready':
    'This background removal is not finished yet, or it failed; there is no picture to keep.',
  'request/invalid': 'The request is not valid.',
  'request/not-found': 'Not found.',
  'request/conflict': 'The request conflicts with the current state.',
  'request/too-many': 'Too many requests. Please slow down.',
  'server/internal': 'Something went wrong on our side. Please try again.',
};

/** The body of every error response. */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  error: string;
  message: string;
  /** Where the web app should go next (gating redirects such as /update-password). */
  redirect?: string;
  /** Per-field problems of a rejected request body, query or path. */
  issues?: { path: string; message: string }[];
  /**
   * A refused queue request: every problem that stops the listing, with the codes and params
   * the web translates (the same as the listing preview's).
   */
  problems?: ListingProblem[];
}
