/**
 * `npm run credentials:reseal`: the last step of a key rotation. Seals every marketplace
 * credential and Slack webhook still sealed under an earlier key again under the current
 * CREDENTIALS_KEY, so the earlier key can leave CREDENTIALS_PREVIOUS_KEYS. Run with the same
 * settings as the server (for the embedded database, with the server stopped: PGlite is one
 * process's). Exits 2 when some value no configured key opens.
 */
import { ConfigError, loadConfig } from './platform/config';
import { createContainer } from './container';

async function main(): Promise<number> {
  const config = loadConfig();
  const container = await createContainer(config, { queue: { schedule: false } });
  try {
    const credentials = await container.services.credentials.resealAll();
    const webhooks = await container.services.slackSettings.resealAll();
    const version = config.credentials.keyVersion;
    process.stdout.write(
      `Sealed again under key version ${version}: ${credentials.resealed} marketplace credentials, ${webhooks.resealed} Slack webhooks.\n`,
    );
    if (credentials.unreadable.length + webhooks.unreadable.length === 0) {
      process.stdout.write('Nothing is sealed under an earlier key now: earlier keys can go.\n');
      return 0;
    }
    for (const id of credentials.unreadable) {
      process.stdout.write(`Not opened by any configured key: credentials of connection ${id}\n`);
    }
    for (const id of webhooks.unreadable) {
      process.stdout.write(`Not opened by any configured key: Slack webhook of account ${id}\n`);
    }
    process.stdout.write(
      'Keep the earlier keys until these are opened (add the key they were sealed with to CREDENTIALS_PREVIOUS_KEYS and run again) or entered again by their sellers.\n',
    );
    return 2;
  } finally {
    await container.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
