import { createApiClient } from './api';
import { handleExternalMessage } from './messages';
import { checkPairing, chromePairingStore } from './pairing';

const CHECK_ALARM = 'listloop.check-pairing';
const store = chromePairingStore();
const api = createApiClient();
const version = chrome.runtime.getManifest().version;

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  handleExternalMessage(message, sender, { store, api, version }).then(sendResponse, (error) =>
    sendResponse({ error: error instanceof Error ? error.message : String(error) }),
  );
  // The answer comes asynchronously.
  return true;
});

// Re-check the pairing every minute, so a browser unpaired from ListLoop says so in its popup.
async function ensureAlarm() {
  if (!(await chrome.alarms.get(CHECK_ALARM))) {
    await chrome.alarms.create(CHECK_ALARM, { periodInMinutes: 1 });
  }
}
chrome.runtime.onInstalled.addListener(() => void ensureAlarm());
chrome.runtime.onStartup.addListener(() => void ensureAlarm());
void ensureAlarm();

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === CHECK_ALARM) void checkPairing(store, api);
});
