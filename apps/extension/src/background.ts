import { createApiClient, createWorkClient } from './api';
import { ADAPTERS } from './adapters';
import { handleExternalMessage } from './messages';
import { checkPairing, chromePairingStore } from './pairing';
import { createRunner } from './work/runner';
import { normaliseSettings, SETTINGS_KEY } from './work/settings';
import { createWorkStore } from './work/state';
import { chromeTabs } from './work/tabs';

const CHECK_ALARM = 'listloop.check-pairing';
const WORK_ALARM = 'listloop.work';
/** While the worker is awake it looks this often; the alarm wakes it when the browser suspended it. */
const TICK_MS = 2000;

const store = chromePairingStore();
const api = createApiClient();
const version = chrome.runtime.getManifest().version;
const area = {
  get: (key: string) => chrome.storage.local.get(key) as Promise<Record<string, unknown>>,
  set: (items: Record<string, unknown>) => chrome.storage.local.set(items),
};

const runner = createRunner({
  store: createWorkStore(area),
  settings: async () => normaliseSettings((await area.get(SETTINGS_KEY))[SETTINGS_KEY]),
  pairing: () => store.read(),
  unpaired: async () => {
    await checkPairing(store, api);
  },
  client: (server, token) => createWorkClient(server, token),
  tabs: chromeTabs(),
  adapters: ADAPTERS,
  now: () => Date.now(),
  random: () => Math.random(),
  today: () => new Date().toLocaleDateString('en-CA'),
});

let looping = false;
const pass = () =>
  runner.tick().catch((error: unknown) => {
    console.warn('ListLoop: a pass of the work loop failed', error);
  });
/**
 * Starts a pass every TICK_MS while the worker is awake, without waiting for the last (each
 * marketplace's work runs on its own); each pass's storage calls keep the worker awake.
 */
function loop() {
  void pass();
  if (looping) return;
  looping = true;
  setInterval(() => void pass(), TICK_MS);
}

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  handleExternalMessage(message, sender, { store, api, version }).then(
    (reply) => {
      sendResponse(reply);
      loop();
    },
    (error) => sendResponse({ error: error instanceof Error ? error.message : String(error) }),
  );
  // The answer comes asynchronously.
  return true;
});

// Re-check the pairing every minute, so a browser unpaired from ListLoop says so in its popup;
// and wake the work loop after the browser suspended the worker.
async function ensureAlarms() {
  if (!(await chrome.alarms.get(CHECK_ALARM))) {
    await chrome.alarms.create(CHECK_ALARM, { periodInMinutes: 1 });
  }
  if (!(await chrome.alarms.get(WORK_ALARM))) {
    await chrome.alarms.create(WORK_ALARM, { periodInMinutes: 0.5 });
  }
}
chrome.runtime.onInstalled.addListener(() => void ensureAlarms());
chrome.runtime.onStartup.addListener(() => void ensureAlarms());
void ensureAlarms();

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === CHECK_ALARM) void checkPairing(store, api);
  if (alarm.name === WORK_ALARM) loop();
});

// The popup's "Try again", pause and settings change what the loop should do now.
chrome.storage.onChanged.addListener((_changes, areaName) => {
  if (areaName === 'local') loop();
});

loop();
