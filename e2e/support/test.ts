import { test as base } from '@playwright/test';

export { chromium, expect } from '@playwright/test';
export type { APIRequestContext, BrowserContext, Locator, Page, Worker } from '@playwright/test';

/** What one Playwright worker talks to: its own server, e-mail folder and clock file. */
export interface JourneyServer {
  url: string;
  mailDir: string;
  clockFile: string;
}

/**
 * The servers playwright.config.ts starts, one per worker, as JSON in E2E_SERVERS. Each worker
 * drives its own server with its own demo account, so a journey that turns on the picking list
 * or moves the server's clock never meets another worker's journey.
 */
function journeyServers(): JourneyServer[] {
  const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as JourneyServer[];
  if (servers.length === 0)
    throw new Error('E2E_SERVERS is not set: run the journeys through Playwright');
  return servers;
}

export const test = base.extend<object, { journeyServer: JourneyServer }>({
  journeyServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
    async ({}, use, workerInfo) => {
      const servers = journeyServers();
      const server = servers[workerInfo.parallelIndex % servers.length]!;
      // The e-mail, clock and request helpers (support/mail.ts, clock.ts, items.ts) read these.
      process.env.E2E_MAIL_DIR = server.mailDir;
      process.env.E2E_CLOCK_FILE = server.clockFile;
      process.env.E2E_BASE_URL = server.url;
      await use(server);
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ journeyServer }, use) => {
    await use(journeyServer.url);
  },
});

/** The address of this worker's server, as the Origin its pages send. */
export function journeyOrigin(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: import test from support/test');
  return url;
}
