// The session module's door: the session state of spec §3 for the signed-in user.
export { SessionService } from './session.service';
