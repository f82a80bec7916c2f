import crypto from 'node:crypto';
import { inspect } from 'node:util';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What is stored: `iv | tag | data` in base64, and the version of the key that sealed it. */
export interface Sealed {
  ciphertext: string;
  keyVersion: number;
}

/** A sealed value could not be opened. Carries no plaintext, key or ciphertext. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** A 32-byte key from its base64 form, or null when it is not one. */
export function decodeKey(base64: string): Buffer | null {
  const trimmed = base64.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === KEY_BYTES ? key : null;
}

export function generateKey(): string {
  return crypto.randomBytes(KEY_BYTES).toString('base64');
}

/**
 * AES-256-GCM with versioned keys: seals under the current key and opens with the key of the
 * version a value was sealed with, so a key can be rotated while older rows stay readable.
 * `context` is bound in as additional authenticated data, so a sealed value copied onto
 * another row (another account, another connection) does not open there.
 */
export class SecretBox {
  readonly #keys: ReadonlyMap<number, Buffer>;
  readonly currentVersion: number;

  constructor(keys: Iterable<readonly [number, Buffer]>, currentVersion: number) {
    const map = new Map<number, Buffer>();
    for (const [version, key] of keys) {
      if (!Number.isInteger(version) || version < 1) {
        throw new Error(`Key versions are positive integers, not ${version}`);
      }
      if (key.length !== KEY_BYTES) throw new Error(`Key ${version} is not ${KEY_BYTES} bytes`);
      map.set(version, Buffer.from(key));
    }
    if (!map.has(currentVersion))
      throw new Error(`No key of the current version ${currentVersion}`);
    this.#keys = map;
    this.currentVersion = currentVersion;
  }

  seal(plaintext: string, context: string): Sealed {
    const key = this.#keys.get(this.currentVersion)!;
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return {
      ciphertext: Buffer.concat([iv, tag, data]).toString('base64'),
      keyVersion: this.currentVersion,
    };
  }

  open(sealed: Sealed, context: string): string {
    const key = this.#keys.get(sealed.keyVersion);
    if (!key) throw new SecretBoxError(`No key of version ${sealed.keyVersion} is configured`);
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    if (bytes.length < IV_BYTES + TAG_BYTES)
      throw new SecretBoxError('The sealed value is cut short');
    const iv = bytes.subarray(0, IV_BYTES);
    const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const data = bytes.subarray(IV_BYTES + TAG_BYTES);
    try {
      const decipher = crypto.createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        'The sealed value does not open: it was changed, or sealed under another key',
      );
    }
  }

  /** Whether a value sealed under this version should be sealed again under the current key. */
  isStale(keyVersion: number): boolean {
    return keyVersion !== this.currentVersion;
  }

  // Keys never appear in logs, JSON or the debugger's summary.
  toJSON() {
    return { currentVersion: this.currentVersion, versions: [...this.#keys.keys()] };
  }

  [inspect.custom]() {
    return `SecretBox(current: ${this.currentVersion}, versions: ${[...this.#keys.keys()].join(', ')})`;
  }
}

/**
 * Seals again, under the current key, every row a store keeps sealed under another one: a
 * page at a time (`page`, in the order of `keyOf`, after the last row's key), each opened
 * (`open`) and written back (`reseal`). A row that does not open under any configured key, or
 * whose value no longer reads, is named (`nameOf`) in `unreadable` and left as it is. What an
 * operator runs after a key rotation, so the old key can go.
 */
export async function resealStale<Row, Value>(options: {
  page: (afterKey: string, limit: number) => Promise<Row[]>;
  keyOf: (row: Row) => string;
  nameOf: (row: Row) => string;
  open: (row: Row) => Value;
  reseal: (row: Row, value: Value) => Promise<unknown>;
  batch: number;
}): Promise<{ resealed: number; unreadable: string[] }> {
  let resealed = 0;
  const unreadable: string[] = [];
  let after = '';
  for (;;) {
    const rows = await options.page(after, options.batch);
    for (const row of rows) {
      let value: Value;
      try {
        value = options.open(row);
      } catch {
        unreadable.push(options.nameOf(row));
        continue;
      }
      await options.reseal(row, value);
      resealed += 1;
    }
    if (rows.length < options.batch) return { resealed, unreadable };
    after = options.keyOf(rows.at(-1)!);
  }
}
