// The executors module's door: pairing the browser extension with executor tokens.
export { ExecutorTokenService } from './executor-token.service';
