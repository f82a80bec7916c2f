// The server under test, started by Playwright's webServer: the real server (tsx, no build
// step for it) in embedded mode on a fresh, temporary DATA_DIR, so every run seeds a new demo
// account. The directory is removed when the server stops.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runServerAndExit } from '../scripts/lib/server.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listloop-e2e-'));

// Settings of the developer's own server must not leak into the one under test.
const env = { ...process.env, DATA_DIR: dataDir };
for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'ROLE', 'WEB_DIST_DIR', 'TRUSTED_ORIGINS'])
  delete env[name];

runServerAndExit({
  env,
  onExit: () => fs.rmSync(dataDir, { recursive: true, force: true }),
});
