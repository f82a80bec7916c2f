export * from './session.api';
export * from './session-store';
export { SessionProvider, resetToSignedOut } from './session-provider';
export type { SessionContextValue, SignOutOptions } from './session-provider';
export * from './use-session';
export * from './use-permission';
export { renewSession, nextRenewalDelay, TOKEN_PATH } from './session-renewal';
export * from './ui-permissions';
