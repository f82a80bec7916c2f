import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(E2E_DIR, '..');
const CI = Boolean(process.env.CI);

/** A port nothing listens on now. */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
/**
 * One server per worker (e2e/support/test.ts), each with its own port, demo account, e-mail
 * folder and clock offset a journey may move forward, chosen once: Playwright loads this file in
 * the runner and again in each worker, and the workers inherit the runner's environment.
 * Two workers keep both cores busy while one journey waits on its page.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
interface JourneyServer {
  url: string;
  mailDir: string;
  clockFile: string;
}
process.env.E2E_SERVERS ??= JSON.stringify(
  Array.from({ length: WORKERS }, (): JourneyServer => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listloop-e2e-mail-'));
    return {
      url: `http://127.0.0.1:${freePort()}`,
      mailDir,
      clockFile: path.join(mailDir, 'clock-offset'),
    };
  }),
);
const SERVERS = JSON.parse(process.env.E2E_SERVERS) as JourneyServer[];

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
  workers: SERVERS.length,
  retries: CI ? 1 : 0,
  // A hang's limit, not a speed check: the signed-out accessibility journey took 9 s on one
  // machine and 25.5 s on a slower one, where 30 s failed the first journeys of a run.
  timeout: 60_000,
  // Also a hang's limit: an assertion that passes returns as soon as it does. A CI machine ran
  // the journeys 2.8 times slower than usual (22 min against 8) and failed the desktop
  // accessibility walk twice; the wider limit in CI costs a passing run nothing.
  expect: { timeout: CI ? 20_000 : 10_000 },
  reporter: [['list']],
  use: {
    baseURL: SERVERS[0]!.url,
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
  webServer: SERVERS.map((server) => ({
    command: `node ${JSON.stringify(path.join(E2E_DIR, 'web-server.mjs'))}`,
    cwd: ROOT,
    url: `${server.url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    env: {
      PORT: new URL(server.url).port,
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Where this server's e-mails are written and its clock offset is read (web-server.mjs).
      E2E_MAIL_DIR: server.mailDir,
      E2E_CLOCK_FILE: server.clockFile,
      // Every test signs in as the demo user; the per-e-mail limit is the server's to test.
      LOGIN_MAX_PER_EMAIL: '1000',
      LOGIN_MAX_PER_IP: '1000',
    },
  })),
});
