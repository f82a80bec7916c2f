// The marketplace-auth module's door: connecting a marketplace by signing in there (OAuth),
// and the event other modules act on once a connection is made.
export {
  MarketplaceAuthService,
  DEFAULT_REDIRECT,
  OAUTH_STATE_TTL_MS,
  safeRedirect,
  type ConnectedEvent,
} from './marketplace-auth.service';
