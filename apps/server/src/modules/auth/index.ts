// The auth module's door: identity (better-auth), sessions and the sign-in limits.
export { AuthService, type ResolvedSession, type SignedInUser } from './auth.service';
export {
  SignInService,
  TooManySignInAttempts,
  KNOWN_DEVICE_DAYS,
  type SignInLimits,
} from './sign-in.service';
