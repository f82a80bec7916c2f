import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(E2E_DIR, '..');
const CI = Boolean(process.env.CI);

/**
 * A free port, chosen once: Playwright loads this file in the runner and again in each
 * worker, and the workers inherit the runner's environment, so they all see the same port.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
process.env.E2E_PORT ??= String(freePort());
// Where the server's e-mails are written (e2e/web-server.mjs), shared the same way.
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'listloop-e2e-mail-'));
// The server's clock offset, which a journey may move forward (e2e/support/clock.ts).
process.env.E2E_CLOCK_FILE ??= path.join(process.env.E2E_MAIL_DIR, 'clock-offset');
const PORT = Number(process.env.E2E_PORT);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * End-to-end journeys in the system Chromium against the real server, which serves the built
 * web app (apps/web/dist: `npm test` builds it first, or `node scripts/build-web.mjs`).
 * Playwright never downloads a browser here: CHROMIUM_PATH or /usr/bin/chromium.
 */
export default defineConfig({
  testDir: E2E_DIR,
  outputDir: path.join(ROOT, 'test-results', 'e2e'),
  fullyParallel: false,
  forbidOnly: CI,
  workers: CI ? 1 : 2,
  retries: CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'on-first-retry',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node ${JSON.stringify(path.join(E2E_DIR, 'web-server.mjs'))}`,
    cwd: ROOT,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every test signs in as the demo user; the per-e-mail limit is the server's to test.
      LOGIN_MAX_PER_EMAIL: '1000',
      LOGIN_MAX_PER_IP: '1000',
    },
  },
});
