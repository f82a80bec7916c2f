// The connections module's door: an account's marketplace connections, their sealed
// credentials and the tokens kept fresh for the connectors.
export { ConnectionService, NO_SUCH_CONNECTION, toConnection } from './connection.service';
export {
  CredentialService,
  hintOf,
  type ConnectionCredentials,
  type CredentialCheck,
} from './credential.service';
export {
  ConnectionTokenService,
  OAuthProviders,
  REFRESH_AHEAD_MS,
  credentialsFromTokens,
} from './connection-token.service';
export type {
  ConnectionFacts,
  ConnectionRow,
  ConnectionWithHint,
  CredentialRow,
} from './connection.repository';
