// The executors module's door: pairing the browser extension with executor tokens, and its
// presence on each marketplace.
export { ExecutorTokenService } from './executor-token.service';
export { ExecutorPresenceService } from './executor-presence.service';
