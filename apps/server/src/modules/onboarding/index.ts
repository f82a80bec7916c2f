// The onboarding module's door: an account's onboarding record (spec §3), its approval, and
// the Vestiaire Collective access request.
export { OnboardingService, toOnboarding } from './onboarding.service';
