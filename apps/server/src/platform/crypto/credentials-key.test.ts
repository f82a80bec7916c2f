import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { credentialsSecretBox, CREDENTIALS_KEY_FILE } from './credentials-key';
import { generateKey } from './secret-box';

const dirs: string[] = [];
async function dataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-key-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('the credentials key', () => {
  it('is generated into DATA_DIR on first start and reused after a restart', async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir }, []);
    expect(config.credentials).toEqual({ key: null, keyVersion: 1, previousKeys: [] });
    const first = await credentialsSecretBox(config);
    const file = path.join(dir, CREDENTIALS_KEY_FILE);
    const stored = await fs.readFile(file, 'utf8');
    expect(Buffer.from(stored.trim(), 'base64')).toHaveLength(32);
    expect((await fs.stat(file)).mode & 0o077).toBe(0);
    const sealed = first.seal('secret', 'c');
    const second = await credentialsSecretBox(loadConfig({ DATA_DIR: dir }, []));
    expect(await fs.readFile(file, 'utf8')).toBe(stored);
    expect(second.open(sealed, 'c')).toBe('secret');
  });

  it('comes from CREDENTIALS_KEY when set, and then no file is written', async () => {
    const dir = await dataDir();
    const key = generateKey();
    const box = await credentialsSecretBox(loadConfig({ DATA_DIR: dir, CREDENTIALS_KEY: key }, []));
    const again = await credentialsSecretBox(
      loadConfig({ DATA_DIR: await dataDir(), CREDENTIALS_KEY: key }, []),
    );
    expect(again.open(box.seal('secret', 'c'), 'c')).toBe('secret');
    await expect(fs.stat(path.join(dir, CREDENTIALS_KEY_FILE))).rejects.toThrow();
  });

  it('rotates with CREDENTIALS_KEY_VERSION and CREDENTIALS_PREVIOUS_KEYS', async () => {
    const dir = await dataDir();
    const oldKey = generateKey();
    const before = await credentialsSecretBox(
      loadConfig({ DATA_DIR: dir, CREDENTIALS_KEY: oldKey }, []),
    );
    const sealed = before.seal('secret', 'c');
    const after = await credentialsSecretBox(
      loadConfig(
        {
          DATA_DIR: dir,
          CREDENTIALS_KEY: generateKey(),
          CREDENTIALS_KEY_VERSION: '2',
          CREDENTIALS_PREVIOUS_KEYS: `1:${oldKey}`,
        },
        [],
      ),
    );
    expect(after.open(sealed, 'c')).toBe('secret');
    expect(after.seal('secret', 'c').keyVersion).toBe(2);
  });

  it.each([
    [{ CREDENTIALS_KEY: 'short' }, 'CREDENTIALS_KEY must be 32 bytes in base64'],
    [{ CREDENTIALS_KEY_VERSION: '0' }, 'CREDENTIALS_KEY_VERSION'],
    [{ CREDENTIALS_PREVIOUS_KEYS: 'nonsense' }, 'CREDENTIALS_PREVIOUS_KEYS'],
    [{ CREDENTIALS_PREVIOUS_KEYS: `1:${generateKey()}` }, 'key version 1 is given twice'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env, [])).toThrow(ConfigError);
    expect(() => loadConfig(env, [])).toThrow(message);
  });
});
