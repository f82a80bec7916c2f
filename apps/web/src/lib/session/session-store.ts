import { decideGate, type ErrorCode, type GateDecision, type SessionState } from '@listloop/domain';

export interface LoggedOutSession {
  status: 'logged-out';
  /** Why the user is signed out, when the server or the gate said so. */
  reason: ErrorCode | null;
}

/** What the session query holds: the server's session state, or a signed-out marker. */
export type SessionData = SessionState | LoggedOutSession;

/** Spec §3/§4 session status: loading at start, then logged-in or logged-out. */
export type SessionStore =
  | { status: 'loading' }
  | { status: 'logged-in'; state: SessionState; gate: GateDecision }
  | LoggedOutSession;

export function toSessionStore(data: SessionData | undefined): SessionStore {
  if (!data) return { status: 'loading' };
  if (data.status === 'logged-out') return data;
  return { status: 'logged-in', state: data, gate: gateForSession(data) };
}

/** Spec §4: the same decision the server makes on every request, made on every session change. */
export function gateForSession(state: SessionState): GateDecision {
  return decideGate({
    signedIn: true,
    email: state.email,
    membership: state.currentAccountUser,
    account: { status: state.account.status, accountName: state.account.accountName },
  });
}

/**
 * The reason to show on the sign-in page. A plain sign-out (auth/user-logged-out) needs no
 * explanation; every other reason does.
 */
export function signedOutNotice(store: SessionStore): ErrorCode | null {
  if (store.status !== 'logged-out' || !store.reason) return null;
  return store.reason === 'auth/user-logged-out' ? null : store.reason;
}

/**
 * Whether the account's onboarding is approved: the account carries a copy of its onboarding
 * record's status, written with every change of the record (decision 0044).
 */
export function isOnboardingApproved(state: SessionState): boolean {
  return state.account.onboarding?.status === 'APPROVED';
}

/** The user's full name, or the e-mail when no name is saved. */
export function displayName(state: Pick<SessionState, 'details' | 'email'>): string {
  return state.details.fullName.trim() || state.email;
}

export function initials(state: Pick<SessionState, 'details' | 'email'>): string {
  const { firstName, lastName } = state.details;
  const fromName = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
  return (fromName || state.email.charAt(0)).toUpperCase();
}
