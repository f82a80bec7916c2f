import crypto from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { LoginInput } from '@listloop/domain';
import { AppError } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { AuthService, SignedInUser } from './auth.service';
import type { CounterLimit, SignInRepository } from './sign-in.repository';

export interface SignInLimits {
  /** Failed attempts for one e-mail from one address (or one known device). */
  perPair: number;
  /** Failed attempts from one address, whatever the e-mail. */
  perAddress: number;
  /** Failed attempts for one e-mail from every address that is not one of its known devices. */
  perEmail: number;
  windowMs: number;
}

/** How long a browser stays known after its last sign-in. */
export const KNOWN_DEVICE_DAYS = 365;

/** The 429 of a sign-in refused before its password is looked at, and when to try again. */
export class TooManySignInAttempts extends AppError {
  constructor(retryAfterSeconds: number) {
    super(429, 'auth/too-many-attempts', undefined, {}, retryAfterSeconds);
  }
}

export interface SignInClient {
  /** The client's address: the socket's, or the one a configured trusted proxy gives. */
  ip: string;
  userAgent: string | undefined;
  /** The device cookie the browser sent, if any. */
  deviceCookie: string | undefined;
}

export interface SignInResult {
  token: string;
  user: SignedInUser;
  setCookies: string[];
  /** The known device the password came from, when it is one of this user's. */
  knownDeviceId: string | null;
}

/** The key that signs device cookies, derived from the auth secret. */
export function deviceCookieKey(authSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', authSecret, 'listloop', 'known devices v1', 32));
}

/**
 * Sign-in with its limits. Every attempt is counted before its password is hashed, so a burst
 * of guesses gets at most the limit evaluated. An attempt from a browser the user signed in
 * from before (its device cookie) counts on that device alone; any other counts on its e-mail
 * and address pair, its address, and its e-mail as a whole, so an attacker cannot lock the
 * owner out of their own browser, and spreading guesses over addresses does not pay.
 */
export class SignInService {
  constructor(
    private readonly auth: AuthService,
    private readonly repository: SignInRepository,
    private readonly deviceKey: Buffer,
    private readonly limits: SignInLimits,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async signIn(input: LoginInput, client: SignInClient): Promise<SignInResult> {
    const email = input.email.trim().toLowerCase();
    const knownDeviceId = await this.knownDeviceOf(email, client.deviceCookie);
    const limits: CounterLimit[] = knownDeviceId
      ? [{ key: this.counterKey('device', knownDeviceId), max: this.limits.perPair }]
      : [
          {
            key: this.counterKey('pair', email, addressGroup(client.ip)),
            max: this.limits.perPair,
          },
          { key: this.counterKey('address', addressGroup(client.ip)), max: this.limits.perAddress },
          { key: this.counterKey('email', email), max: this.limits.perEmail },
        ];
    const started = this.now();
    const reservation = await this.repository.reserve(limits, started, this.limits.windowMs);
    if (!reservation.taken) {
      // A concurrent attempt that began a moment after this one may have opened the window, so
      // its end can lie a few ms past this attempt's own window: never say more than the window.
      const seconds = Math.ceil((reservation.resetAt.getTime() - started.getTime()) / 1000);
      const windowSeconds = Math.ceil(this.limits.windowMs / 1000);
      throw new TooManySignInAttempts(Math.min(windowSeconds, Math.max(1, seconds)));
    }
    try {
      const signedIn = await this.auth.signIn(
        { email, password: input.password },
        client.ip,
        client.userAgent,
      );
      // Only failed attempts count: a seller who signs in often is never limited.
      await this.repository.release(
        limits.map((limit) => limit.key),
        this.now(),
      );
      return { ...signedIn, knownDeviceId };
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'auth/login-fail')) {
        await this.repository.release(
          limits.map((limit) => limit.key),
          this.now(),
        );
      }
      throw error;
    }
  }

  /**
   * After a sign-in the gate let in: the device cookie to set, a new one for a browser not yet
   * known, the same one with its expiry pushed back for a known one.
   */
  async rememberDevice(
    userId: string,
    knownDeviceId: string | null,
    deviceCookie: string | undefined,
  ): Promise<{ value: string; maxAgeSeconds: number }> {
    const now = this.now();
    const maxAgeSeconds = KNOWN_DEVICE_DAYS * 24 * 60 * 60;
    const expiresAt = new Date(now.getTime() + maxAgeSeconds * 1000);
    if (knownDeviceId && deviceCookie) {
      await this.repository.touchDevice(knownDeviceId, now, expiresAt);
      return { value: deviceCookie, maxAgeSeconds };
    }
    const id = newId();
    const secret = crypto.randomBytes(32).toString('base64url');
    await this.repository.addDevice({ id, userId, secretHash: sha256(secret), now, expiresAt });
    return { value: `${id}.${secret}.${this.sign(`${id}.${secret}`)}`, maxAgeSeconds };
  }

  /** The device id of a cookie that is signed by us, unexpired and the e-mail's user's. */
  private async knownDeviceOf(email: string, cookie: string | undefined): Promise<string | null> {
    const parts = cookie?.split('.') ?? [];
    if (parts.length !== 3) return null;
    const [id = '', secret = '', signature = ''] = parts;
    if (!safeEqual(signature, this.sign(`${id}.${secret}`))) return null;
    const device = await this.repository.findDevice(id);
    if (!device || device.expiresAt <= this.now()) return null;
    if (!safeEqual(device.secretHash, sha256(secret))) return null;
    const user = await this.auth.findUserByEmail(email);
    return user?.id === device.userId ? device.id : null;
  }

  private sign(value: string): string {
    return crypto.createHmac('sha256', this.deviceKey).update(value).digest('base64url');
  }

  /** A counter's key: keyed hash of its parts, so the table holds no e-mail or address. */
  private counterKey(kind: string, ...parts: string[]): string {
    const digest = crypto
      .createHmac('sha256', this.deviceKey)
      .update([kind, ...parts].join('\n'))
      .digest('base64url');
    return `${kind}:${digest}`;
  }
}

/**
 * The address a limit applies to: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an
 * IPv6 address by its /64, which one subscriber usually holds whole.
 */
export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
