import crypto from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodeKey, generateKey, SecretBox, SecretBoxError } from './secret-box';

const key = () => crypto.randomBytes(32);
const SECRET = 'v^1.1#i^1#r^1#p^3#f^0#t^Ul4xMF8xMTpBQkNERUYxMjM0NTY3ODkw';

describe('SecretBox', () => {
  it('opens what it sealed, under the same context', () => {
    const box = new SecretBox([[1, key()]], 1);
    const sealed = box.seal(SECRET, 'account/connection');
    expect(sealed.keyVersion).toBe(1);
    expect(sealed.ciphertext).not.toContain(SECRET);
    expect(Buffer.from(sealed.ciphertext, 'base64').toString('latin1')).not.toContain(SECRET);
    expect(box.open(sealed, 'account/connection')).toBe(SECRET);
  });

  it('seals the same text differently each time (a fresh IV)', () => {
    const box = new SecretBox([[1, key()]], 1);
    expect(box.seal(SECRET, 'c').ciphertext).not.toBe(box.seal(SECRET, 'c').ciphertext);
  });

  it('refuses a tampered ciphertext', () => {
    const box = new SecretBox([[1, key()]], 1);
    const sealed = box.seal(SECRET, 'c');
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    for (const at of [0, 13, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 0x01;
      expect(() => box.open({ ...sealed, ciphertext: changed.toString('base64') }, 'c')).toThrow(
        SecretBoxError,
      );
    }
    expect(() => box.open({ ...sealed, ciphertext: 'AAAA' }, 'c')).toThrow(SecretBoxError);
  });

  it('refuses a value moved to another context', () => {
    const box = new SecretBox([[1, key()]], 1);
    const sealed = box.seal(SECRET, 'account-a/connection');
    expect(() => box.open(sealed, 'account-b/connection')).toThrow(SecretBoxError);
  });

  it('refuses the wrong key, without showing the secret', () => {
    const sealed = new SecretBox([[1, key()]], 1).seal(SECRET, 'c');
    const other = new SecretBox([[1, key()]], 1);
    let error: unknown;
    try {
      other.open(sealed, 'c');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SecretBoxError);
    expect(String((error as Error).message)).not.toContain(SECRET);
    expect(() => other.open({ ...sealed, keyVersion: 7 }, 'c')).toThrow(/version 7/);
  });

  it('rotates: opens old rows with their version, seals new ones with the current key', () => {
    const oldKey = key();
    const before = new SecretBox([[1, oldKey]], 1);
    const old = before.seal(SECRET, 'c');
    const after = new SecretBox(
      [
        [1, oldKey],
        [2, key()],
      ],
      2,
    );
    expect(after.open(old, 'c')).toBe(SECRET);
    expect(after.isStale(old.keyVersion)).toBe(true);
    const resealed = after.seal(SECRET, 'c');
    expect(resealed.keyVersion).toBe(2);
    expect(after.open(resealed, 'c')).toBe(SECRET);
    expect(() => before.open(resealed, 'c')).toThrow(SecretBoxError);
  });

  it('never shows its keys', () => {
    const raw = key();
    const box = new SecretBox([[1, raw]], 1);
    const shown = [JSON.stringify(box), inspect(box), String(box)].join(' ');
    expect(shown).not.toContain(raw.toString('base64'));
    expect(shown).not.toContain(raw.toString('hex'));
  });

  it('takes only 32-byte keys', () => {
    expect(decodeKey(generateKey())).toHaveLength(32);
    expect(decodeKey(Buffer.alloc(16).toString('base64'))).toBeNull();
    expect(decodeKey('not base64 at all!')).toBeNull();
    expect(() => new SecretBox([[1, Buffer.alloc(16)]], 1)).toThrow(/32 bytes/);
    expect(() => new SecretBox([[1, key()]], 2)).toThrow(/current version 2/);
  });
});
