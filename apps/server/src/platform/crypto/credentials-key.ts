import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { decodeKey, generateKey, SecretBox } from './secret-box';

export const CREDENTIALS_KEY_FILE = 'credentials-key';

/**
 * The box marketplace credentials are sealed with. With no CREDENTIALS_KEY (embedded mode) the
 * key is generated into DATA_DIR on first start and read from there afterwards, as the auth
 * secret is; losing that file makes the stored credentials unreadable, so it sits beside the
 * database it belongs to.
 */
export async function credentialsSecretBox(config: Config): Promise<SecretBox> {
  const { keyVersion, previousKeys } = config.credentials;
  const current = decodeKey(config.credentials.key ?? (await keyFromDataDir(config.dataDir)));
  if (!current) {
    throw new Error(
      `${path.join(config.dataDir, CREDENTIALS_KEY_FILE)} does not hold a 32-byte base64 key`,
    );
  }
  return new SecretBox(
    [
      [keyVersion, current],
      ...previousKeys.map(({ version, key }) => [version, decodeKey(key)!] as const),
    ],
    keyVersion,
  );
}

async function keyFromDataDir(dataDir: string): Promise<string> {
  const file = path.join(dataDir, CREDENTIALS_KEY_FILE);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(dataDir, { recursive: true });
    // `wx`: when two processes start at once, the first one's key is the one both use.
    await fs.writeFile(file, generateKey(), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
