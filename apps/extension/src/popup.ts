import type { ExecutorQueueEntry, ExtensionMarketplace } from '@listloop/domain';
import { createApiClient, createWorkClient } from './api';
import { pickLocale, translator, type MessageKey } from './i18n';
import { PAIRING_KEY, checkPairing, chromePairingStore, type PairingState } from './pairing';
import { itemTitle, localDay, marketplaceName, operationLabel } from './popup/labels';
import { marketplaceViews, type MarketplaceView } from './popup/marketplaces';
import { needsYouView } from './popup/needs-you';
import { readQueue, tryAgain, type QueueGroups } from './popup/queue';
import { resultView, type ResultView } from './popup/results';
import {
  parseSettingsForm,
  settingsForm,
  testingSeconds,
  type SettingsErrors,
  type SettingsField,
  type SettingsForm,
} from './popup/settings-form';
import { normaliseSettings, LIMITS, SETTINGS_KEY, type WorkSettings } from './work/settings';
import { WORK_KEY, createWorkStore, type WorkState } from './work/state';

/**
 * The popup: DOM glue over the view logic in ./popup/. Every visible text comes from the
 * catalogues. It is drawn in slots, each redrawn only when what it shows changed, so a list
 * that refreshes every few seconds does not take the keyboard or a half-typed field away.
 */

const locale = pickLocale(navigator.language);
const t = translator(locale);
const store = chromePairingStore();
const api = createApiClient();
const version = chrome.runtime.getManifest().version;
const root = document.getElementById('app') as HTMLElement;
const area = {
  get: (key: string) => chrome.storage.local.get(key) as Promise<Record<string, unknown>>,
  set: (items: Record<string, unknown>) => chrome.storage.local.set(items),
};
const workStore = createWorkStore(area);

/** The queue is read this often while the popup is open. */
const QUEUE_REFRESH_MS = 10_000;

document.documentElement.lang = locale;
document.title = t('title');

interface Stored {
  pairing: PairingState;
  work: WorkState;
  settings: WorkSettings;
}

let stored: Stored | null = null;
let checking = false;
let pauseProblem: string | null = null;
let queue: {
  groups: QueueGroups | null;
  problem: { key: MessageKey; message?: string } | null;
} = { groups: null, problem: null };
const retrying = new Set<string>();
let retryProblem: string | null = null;
let settingsOpen = false;
/** The settings form as the seller typed it; null while untouched (it shows what is stored). */
let draft: SettingsForm | null = null;
let settingsErrors: SettingsErrors = {};
let settingsStatus: { key: MessageKey; message?: string } | null = null;

type Props = {
  id?: string;
  className?: string;
  text?: string;
  role?: string;
  attrs?: Record<string, string>;
};

/** One element with text content: every visible text comes from the catalogues. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Node | null)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.id) node.id = props.id;
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.role) node.setAttribute('role', props.role);
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  node.append(...children.filter((child): child is Node => child !== null));
  return node;
}

/**
 * A button; a busy one says so with aria-disabled and ignores presses, rather than `disabled`,
 * which would drop the keyboard focus to the page.
 */
function button(
  id: string,
  text: string,
  onClick: () => void,
  options: { label?: string; busy?: boolean } = {},
) {
  const node = el('button', { id, className: 'button', text });
  node.type = 'button';
  if (options.label) node.setAttribute('aria-label', options.label);
  if (options.busy) node.setAttribute('aria-disabled', 'true');
  node.addEventListener('click', () => {
    if (!options.busy) onClick();
  });
  return node;
}

/** A link that opens a marketplace's page in a new tab, named for what it opens. */
function newTabLink(id: string, href: string, text: string, label: string) {
  const link = el('a', { id, text, attrs: { 'aria-label': label } });
  link.href = href;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  return link;
}

function status(key: MessageKey, values?: Record<string, string>, error = false) {
  return el('p', {
    className: error ? 'status status-error' : 'status',
    role: 'status',
    text: t(key, values),
  });
}

/** A section named by its heading; the heading takes the focus when what had it is gone. */
function section(id: string, heading: string, ...children: (Node | null)[]) {
  return el(
    'section',
    { className: 'section', attrs: { 'aria-labelledby': `${id}-heading` } },
    el('h2', { id: `${id}-heading`, text: heading, attrs: { tabindex: '-1' } }),
    ...children,
  );
}

function paired(state: PairingState): state is PairingState & {
  token: string;
  server: string;
  who: NonNullable<PairingState['who']>;
} {
  return Boolean(state.token && state.who && state.server);
}

// ---- the slots ---------------------------------------------------------------------------

function pairingSlot(state: PairingState): Node[] {
  const body: Node[] = [];
  if (state.unpaired) {
    body.push(el('p', { className: 'alert', role: 'alert', text: t('revoked.alert') }));
  }
  if (!paired(state)) {
    body.push(el('h2', { text: t('notPaired.heading') }), el('p', { text: t('notPaired.howTo') }));
    return body;
  }
  const detail = (label: MessageKey, value: string) => [
    el('dt', { text: t(label) }),
    el('dd', { text: value }),
  ];
  const check = button(
    'check-again',
    t(checking ? 'check.checking' : 'check.button'),
    () => void checkAgain(),
    { busy: checking },
  );
  body.push(
    el('h2', { text: t('paired.heading') }),
    el(
      'dl',
      { className: 'details' },
      ...detail('paired.account', state.who.companyName),
      ...detail('paired.member', state.who.userName),
      ...detail('paired.email', state.who.email),
      ...detail('paired.browser', state.who.name),
      ...detail('paired.server', state.server),
    ),
    check,
  );
  if (state.lastError) {
    body.push(status('check.failed', { message: state.lastError.message }, true));
  } else if (state.checkedAt) {
    body.push(
      el('p', {
        className: 'status',
        role: 'status',
        text: t('check.ok', { time: new Date(state.checkedAt) }),
      }),
    );
  }
  return body;
}

function pauseSlot(settings: WorkSettings): Node[] {
  return [
    el(
      'div',
      { className: 'controls' },
      settings.paused
        ? el('p', { className: 'paused', role: 'status', text: t('pause.line') })
        : null,
      button('pause-toggle', t(settings.paused ? 'pause.resume' : 'pause.button'), () => {
        void togglePause();
      }),
      pauseProblem ? status('pause.failed', { message: pauseProblem }, true) : null,
    ),
  ];
}

function marketplacesSlot(views: MarketplaceView[]): Node[] {
  if (views.length === 0) {
    return [
      section('marketplaces', t('marketplaces.heading'), el('p', { text: t('marketplaces.none') })),
    ];
  }
  return [
    section(
      'marketplaces',
      t('marketplaces.heading'),
      el(
        'ul',
        { className: 'list' },
        ...views.map((view) =>
          el(
            'li',
            { className: 'entry' },
            el(
              'div',
              { className: 'entry-head' },
              el('strong', { text: view.name }),
              el('span', {
                className: view.ok ? 'badge' : 'badge badge-warn',
                text: view.state,
              }),
            ),
            el('div', { className: 'meta', text: view.today }),
            view.working ? el('div', { text: view.working }) : null,
          ),
        ),
      ),
    ),
  ];
}

function queueEntry(entry: ExecutorQueueEntry, now: number): HTMLLIElement {
  const what = t('queue.entry', {
    operation: operationLabel(t, entry.operation),
    marketplace: marketplaceName(entry.marketplace),
  });
  const head = [
    el('strong', { className: 'entry-title', text: itemTitle(t, entry.title) }),
    el('div', { className: 'meta', text: what }),
  ];
  if (!entry.needsYou || entry.status === 'running') {
    return el('li', { className: 'entry' }, ...head);
  }
  const view = needsYouView(t, { ...entry, needsYou: entry.needsYou }, now);
  const busy = retrying.has(entry.operationId);
  const retry = button(
    `retry-${entry.operationId}`,
    t(busy ? 'needsYou.retrying' : 'needsYou.retry'),
    () => void retryOperation(entry.operationId),
    { label: view.retryLabel, busy },
  );
  return el(
    'li',
    { className: 'entry hold' },
    ...head,
    el('p', { text: view.sentence }),
    view.detail ? el('p', { className: 'quote', text: view.detail }) : null,
    el('div', { className: 'meta', text: view.since }),
    el(
      'div',
      { className: 'actions' },
      view.pageUrl
        ? newTabLink(
            `open-${entry.operationId}`,
            view.pageUrl,
            t('needsYou.openPage'),
            view.openLabel,
          )
        : null,
      retry,
    ),
  );
}

function queueSlot(): Node[] {
  const now = Date.now();
  const { groups, problem } = queue;
  const parts: (Node | null)[] = [];
  if (problem) {
    parts.push(
      status(problem.key, problem.message ? { message: problem.message } : undefined, true),
    );
  } else if (!groups) {
    parts.push(status('queue.loading'));
  }
  if (retryProblem) parts.push(status('needsYou.retryFailed', { message: retryProblem }, true));
  if (groups) {
    const named: [MessageKey, ExecutorQueueEntry[]][] = [
      ['queue.running', groups.running],
      ['queue.needsYou', groups.needsYou],
      ['queue.waiting', groups.waiting],
    ];
    const shown = named.filter(([, entries]) => entries.length > 0);
    if (shown.length === 0) parts.push(el('p', { text: t('queue.empty') }));
    for (const [key, entries] of shown) {
      parts.push(
        el('h3', { text: t(key) }),
        el('ul', { className: 'list' }, ...entries.map((entry) => queueEntry(entry, now))),
      );
    }
  }
  return [section('queue', t('queue.heading'), ...parts)];
}

function resultsSlot(views: ResultView[]): Node[] {
  if (views.length === 0) {
    return [section('results', t('results.heading'), el('p', { text: t('results.empty') }))];
  }
  return [
    section(
      'results',
      t('results.heading'),
      el(
        'ol',
        { className: 'list' },
        ...views.map((view, index) =>
          el(
            'li',
            { className: 'entry' },
            el('strong', { className: 'entry-title', text: view.title }),
            el('div', { className: 'meta', text: view.meta }),
            el('div', { className: `outcome outcome-${view.tone}`, text: view.outcome }),
            view.link
              ? newTabLink(`result-link-${index}`, view.link.href, view.link.text, view.link.label)
              : null,
          ),
        ),
      ),
    ),
  ];
}

const FIELDS: { field: SettingsField; id: string; label: MessageKey; min: number; max: number }[] =
  [
    {
      field: 'delayMin',
      id: 'settings-delay-min',
      label: 'settings.delayMin',
      ...LIMITS.delaySeconds,
    },
    {
      field: 'delayMax',
      id: 'settings-delay-max',
      label: 'settings.delayMax',
      ...LIMITS.delaySeconds,
    },
    { field: 'dailyCap', id: 'settings-daily-cap', label: 'settings.dailyCap', ...LIMITS.dailyCap },
    {
      field: 'soldPollMinutes',
      id: 'settings-sold-poll',
      label: 'settings.soldPoll',
      min: 1,
      max: 60,
    },
  ];

function settingsSlot(settings: WorkSettings, marketplaces: readonly ExtensionMarketplace[]) {
  const form = draft ?? settingsForm(settings);
  const testing = testingSeconds(settings);
  const describedBy: Partial<Record<SettingsField, string[]>> = {
    delayMin: ['settings-delay-hint'],
    delayMax: ['settings-delay-hint'],
    soldPollMinutes: testing === null ? [] : ['settings-sold-poll-testing'],
  };
  const fields = FIELDS.map(({ field, id, label, min, max }) => {
    const error = settingsErrors[field];
    const input = el('input', { id, className: 'input' });
    input.type = 'number';
    input.inputMode = 'numeric';
    input.min = String(min);
    input.max = String(max);
    input.step = '1';
    input.value = form[field];
    const described = [...(describedBy[field] ?? []), ...(error ? [`${id}-error`] : [])];
    if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
    if (error) input.setAttribute('aria-invalid', 'true');
    input.addEventListener('input', () => {
      draft = { ...(draft ?? settingsForm(settings)), [field]: input.value };
    });
    return el(
      'div',
      { className: 'field' },
      el('label', { text: t(label), attrs: { for: id } }),
      input,
      field === 'delayMax'
        ? el('p', { id: 'settings-delay-hint', className: 'hint', text: t('settings.delayHint') })
        : null,
      field === 'soldPollMinutes' && testing !== null
        ? el('p', {
            id: 'settings-sold-poll-testing',
            className: 'hint',
            text: t('settings.soldPollTesting', { seconds: testing }),
          })
        : null,
      error ? el('p', { id: `${id}-error`, className: 'field-error', text: t(error) }) : null,
    );
  });
  const toggles =
    marketplaces.length === 0
      ? null
      : el(
          'fieldset',
          { className: 'field' },
          el('legend', { text: t('settings.marketplaces') }),
          ...marketplaces.map((marketplace) => {
            const id = `settings-on-${marketplace}`;
            const box = el('input', { id });
            box.type = 'checkbox';
            box.checked = !form.off.includes(marketplace);
            box.addEventListener('change', () => {
              const base = draft ?? settingsForm(settings);
              const off = base.off.filter((m) => m !== marketplace);
              draft = { ...base, off: box.checked ? off : [...off, marketplace] };
            });
            return el(
              'div',
              { className: 'check' },
              box,
              el('label', { text: marketplaceName(marketplace), attrs: { for: id } }),
            );
          }),
        );
  const save = el('button', { id: 'settings-save', className: 'button', text: t('settings.save') });
  save.type = 'submit';
  const formNode = el(
    'form',
    { id: 'settings-form' },
    ...fields,
    toggles,
    save,
    settingsStatus
      ? status(
          settingsStatus.key,
          settingsStatus.message ? { message: settingsStatus.message } : undefined,
          settingsStatus.key !== 'settings.saved',
        )
      : null,
  );
  formNode.noValidate = true;
  formNode.addEventListener('submit', (event) => {
    event.preventDefault();
    void saveSettings(marketplaces);
  });
  const details = el(
    'details',
    { id: 'settings-details' },
    el('summary', { id: 'settings-summary', text: t('settings.summary') }),
    formNode,
  );
  details.open = settingsOpen;
  details.addEventListener('toggle', () => {
    settingsOpen = details.open;
  });
  return [section('settings', t('settings.heading'), details)];
}

// ---- drawing -----------------------------------------------------------------------------

const SLOTS = ['pairing', 'pause', 'marketplaces', 'queue', 'results', 'settings'] as const;
type Slot = (typeof SLOTS)[number];
const slots = new Map<Slot, { node: HTMLElement; key: string }>();

function frame() {
  const header = el(
    'header',
    { className: 'header' },
    el('img', { className: 'logo' }),
    el('h1', { text: t('title') }),
  );
  const logo = header.querySelector('img') as HTMLImageElement;
  logo.src = chrome.runtime.getURL('icons/icon-32.png');
  logo.alt = '';
  logo.width = 24;
  logo.height = 24;
  const body = el('div', { className: 'body' });
  for (const slot of SLOTS) {
    const node = el('div', { attrs: { 'data-slot': slot } });
    slots.set(slot, { node, key: '' });
    body.append(node);
  }
  const footer = el(
    'footer',
    { className: 'footer' },
    el('p', { text: t('footer.note') }),
    el('p', { className: 'version', text: t('version', { version }) }),
  );
  root.replaceChildren(header, body, footer);
}

/**
 * Redraws a slot when what it shows changed. The keyboard stays where it was: on the element
 * of the same id, or, when that is gone (a held operation tried again leaves the list), on
 * the slot's heading.
 */
function fill(slot: Slot, key: string, build: () => Node[]) {
  const current = slots.get(slot)!;
  if (current.key === key) return;
  current.key = key;
  const focused = document.activeElement;
  const hadFocus = focused instanceof HTMLElement && current.node.contains(focused);
  const focusedId = hadFocus ? focused.id : '';
  current.node.replaceChildren(...build());
  if (!hadFocus) return;
  const again = focusedId ? document.getElementById(focusedId) : null;
  (again ?? current.node.querySelector<HTMLElement>('h2[tabindex]'))?.focus();
}

function render() {
  if (!stored) return;
  const s = stored;
  const { pairing, settings } = s;
  fill('pairing', JSON.stringify([pairing, checking]), () => pairingSlot(pairing));
  if (!paired(pairing)) {
    for (const slot of SLOTS.slice(1)) fill(slot, 'none', () => []);
    return;
  }
  const now = Date.now();
  const { marketplaces } = pairing.who;
  fill('pause', JSON.stringify([settings.paused, pauseProblem]), () => pauseSlot(settings));
  // Each list redraws when its words change, not whenever the runner notes a timestamp.
  const places = marketplaceViews(t, marketplaces, s.work, settings, localDay(now));
  fill('marketplaces', JSON.stringify(places), () => marketplacesSlot(places));
  fill('queue', JSON.stringify([queue, [...retrying], retryProblem, localDay(now)]), queueSlot);
  const results = s.work.results.map((result) => resultView(t, result, now));
  fill('results', JSON.stringify(results), () => resultsSlot(results));
  // The form holds what the seller typed and whether it is open: only what it was drawn from
  // redraws it, and pausing is not part of it.
  fill(
    'settings',
    JSON.stringify([{ ...settings, paused: null }, marketplaces, settingsErrors, settingsStatus]),
    () => settingsSlot(settings, marketplaces),
  );
}

let loads = 0;
async function load() {
  // Storage changes come in bursts while the runner works: only the last read is drawn.
  const mine = ++loads;
  const [pairing, state, settings] = await Promise.all([
    store.read(),
    workStore.read(),
    area.get(SETTINGS_KEY).then((value) => normaliseSettings(value[SETTINGS_KEY])),
  ]);
  if (mine !== loads) return;
  const before = stored?.pairing;
  stored = { pairing, work: state, settings };
  render();
  // A new pairing (or another account) has its own queue.
  if (before?.token !== pairing.token || before?.server !== pairing.server) {
    queue = { groups: null, problem: null };
    void refreshQueue();
  }
}

// ---- actions -----------------------------------------------------------------------------

async function checkAgain() {
  checking = true;
  render();
  try {
    await checkPairing(store, api);
  } finally {
    checking = false;
    await load();
  }
}

function client() {
  const pairing = stored?.pairing;
  return pairing && paired(pairing) ? createWorkClient(pairing.server, pairing.token) : null;
}

/** The server refused the token: checking the pairing records it, and the popup says so. */
async function unpaired() {
  await checkPairing(store, api);
}

let reading = false;
let readAgain = false;
async function refreshQueue(): Promise<void> {
  const server = client();
  if (!server) return;
  if (reading) {
    // A read under way may have left before the change this one is for (a Try again).
    readAgain = true;
    return;
  }
  reading = true;
  try {
    const read = await readQueue(server);
    switch (read.kind) {
      case 'ok':
        queue = { groups: read.groups, problem: null };
        break;
      case 'unreachable':
        // The last queue read stands, with a line saying it may be stale.
        queue = { ...queue, problem: { key: 'queue.unreachable' } };
        break;
      case 'failed':
        queue = { ...queue, problem: { key: 'queue.failed', message: read.message } };
        break;
      case 'unpaired':
        await unpaired();
        break;
    }
  } finally {
    reading = false;
    render();
  }
  if (readAgain) {
    readAgain = false;
    await refreshQueue();
  }
}

async function retryOperation(operationId: string) {
  const server = client();
  if (!server || retrying.has(operationId)) return;
  retrying.add(operationId);
  retryProblem = null;
  render();
  try {
    const result = await tryAgain(server, operationId);
    if (result.kind === 'refused') retryProblem = result.message;
    if (result.kind === 'unreachable') queue = { ...queue, problem: { key: 'queue.unreachable' } };
    if (result.kind === 'unpaired') await unpaired();
  } finally {
    retrying.delete(operationId);
    render();
  }
  await refreshQueue();
}

async function readSettings(): Promise<WorkSettings> {
  return normaliseSettings((await area.get(SETTINGS_KEY))[SETTINGS_KEY]);
}

/** The whole settings object goes back, normalised: the runner reads it as a whole. */
async function writeSettings(settings: WorkSettings) {
  await area.set({ [SETTINGS_KEY]: normaliseSettings(settings) });
}

async function togglePause() {
  try {
    const current = await readSettings();
    await writeSettings({ ...current, paused: !current.paused });
    pauseProblem = null;
  } catch (error) {
    pauseProblem = error instanceof Error ? error.message : String(error);
  }
  render();
}

async function saveSettings(shown: readonly ExtensionMarketplace[]) {
  const current = await readSettings();
  const form = draft ?? settingsForm(current);
  const parsed = parseSettingsForm(form, current, shown);
  if (!parsed.ok) {
    settingsErrors = parsed.errors;
    settingsStatus = null;
    render();
    const first = FIELDS.find(({ field }) => parsed.errors[field]);
    if (first) document.getElementById(first.id)?.focus();
    return;
  }
  try {
    await writeSettings(parsed.settings);
    draft = null;
    settingsErrors = {};
    settingsStatus = { key: 'settings.saved' };
  } catch (error) {
    settingsStatus = {
      key: 'settings.saveFailed',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  await load();
}

// The background worker pairs, re-checks and works on its own; show what it stores as it changes.
chrome.storage.onChanged.addListener((changes, areaName) => {
  if (
    areaName === 'local' &&
    (PAIRING_KEY in changes || WORK_KEY in changes || SETTINGS_KEY in changes)
  ) {
    void load();
  }
});

frame();
void load();
setInterval(() => void refreshQueue(), QUEUE_REFRESH_MS);
