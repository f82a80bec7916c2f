import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTENSION_ID, type ExtensionMarketplace } from '@listloop/domain';
import {
  EXTENSION_REPLICAS,
  replicaChromiumArgs,
  startReplicaSite,
  type RunningReplica,
} from '@listloop/emulators';
import { chromium, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The unpacked build (`npm test` builds it before the journeys). */
export const EXTENSION_DIR = path.join(ROOT, 'apps', 'extension', 'dist');
export const POPUP_URL = `chrome-extension://${EXTENSION_ID}/src/popup.html`;

export type ReplicaName = ExtensionMarketplace;

/** The replica sites of a journey, each on its own port over HTTPS with the test certificate. */
export async function startReplicas(names: readonly ReplicaName[]) {
  const running = new Map<ReplicaName, RunningReplica>();
  for (const name of names) {
    running.set(name, await startReplicaSite(EXTENSION_REPLICAS[name](), { tls: true }));
  }
  return {
    site: (name: ReplicaName) => running.get(name)!.site,
    /**
     * Chromium reaches each marketplace's own host name on its replica: the extension under
     * test uses its real addresses, and the browser accepts the test certificate.
     */
    chromiumArgs: () => replicaChromiumArgs(running.values()),
    close: async () => {
      for (const r of running.values()) await r.close();
    },
  };
}

/**
 * Chromium as a seller's browser with the unpacked extension loaded (its new headless mode
 * runs extensions) and a persistent profile.
 */
export async function launchWithExtension(options: { baseURL?: string; args?: string[] } = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'listloop-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      ...(options.args ?? []),
    ],
  });
  if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The extension's service worker (a new one after the browser restarted it). */
export async function extensionWorker(context: BrowserContext): Promise<Worker> {
  const find = () =>
    context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${EXTENSION_ID}/`));
  return (
    find() ??
    (await context.waitForEvent('serviceworker', {
      predicate: (w) => w.url().startsWith(`chrome-extension://${EXTENSION_ID}/`),
    }))
  );
}

/**
 * The extension's pace for a journey: no delay between operations, and the sold lists read
 * every few seconds. A person sets minutes in the popup; seconds are for tests only, set in
 * the extension's storage as the popup would store them.
 */
export async function setTestPace(context: BrowserContext, soldPollSeconds = 5) {
  const worker = await extensionWorker(context);
  const settings = {
    paused: false,
    delaySeconds: { min: 0, max: 0 },
    dailyCap: 500,
    soldPollSeconds,
    off: [],
  };
  await worker.evaluate(`chrome.storage.local.set(${JSON.stringify({ settings })})`);
}

/** Signs in to a replica marketplace as the seller would, in a tab of this browser. */
export async function signInToReplica(context: BrowserContext, name: ReplicaName) {
  const page: Page = await context.newPage();
  switch (name) {
    case 'poshmark':
      await page.goto('https://poshmark.com/login');
      await page.getByLabel('Username or Email').pressSequentially('seller@example.com');
      await page.getByLabel('Password').pressSequentially('secret-password');
      await page.getByRole('button', { name: 'Log In' }).click();
      break;
    case 'mercari':
      await page.goto('https://www.mercari.com/login/');
      await page.getByLabel('Email').pressSequentially('seller@example.com');
      await page.getByLabel('Password').pressSequentially('secret-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      break;
    case 'vinted':
      await page.goto('https://www.vinted.com/member/signup/select_type');
      await page.getByRole('button', { name: 'Log in with email' }).click();
      await page.getByLabel('Email or username').pressSequentially('seller@example.com');
      await page.getByLabel('Password').pressSequentially('secret-password');
      await page.getByRole('button', { name: 'Continue' }).click();
      break;
    default:
      throw new Error(`No sign-in journey for ${name} yet.`);
  }
  await page.waitForLoadState('load');
  await expect(page).not.toHaveURL(/login|signup/);
  await page.close();
}

/**
 * Stops the extension's service worker as the browser does when it suspends or kills one: its
 * memory is gone, and the next event (an alarm, at most 30 seconds on) starts a new one.
 */
export async function stopExtensionWorker(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = await cdp.send('Target.getTargets');
  const worker = targetInfos.find(
    (t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${EXTENSION_ID}/`),
  );
  if (!worker) throw new Error('The extension has no service worker running.');
  await cdp.send('Target.closeTarget', { targetId: worker.targetId });
  await cdp.detach();
}
