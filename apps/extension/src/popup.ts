import { createApiClient } from './api';
import { pickLocale, translator, type MessageKey } from './i18n';
import { PAIRING_KEY, checkPairing, chromePairingStore, type PairingState } from './pairing';

const locale = pickLocale(navigator.language);
const t = translator(locale);
const store = chromePairingStore();
const api = createApiClient();
const version = chrome.runtime.getManifest().version;
const root = document.getElementById('app') as HTMLElement;

document.documentElement.lang = locale;
document.title = t('title');

let checking = false;

/** One element with text content: every visible text comes from the catalogues. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; role?: string } = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.role) node.setAttribute('role', props.role);
  node.append(...children);
  return node;
}

function detail(label: MessageKey, value: string): Node[] {
  return [el('dt', { text: t(label) }), el('dd', { text: value })];
}

function render(state: PairingState) {
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

  const body: Node[] = [];
  if (state.unpaired) {
    body.push(el('p', { className: 'alert', role: 'alert', text: t('revoked.alert') }));
  }
  if (state.token && state.who && state.server) {
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
    );
    const button = el('button', {
      className: 'button',
      text: t(checking ? 'check.checking' : 'check.button'),
    });
    button.type = 'button';
    button.disabled = checking;
    button.addEventListener('click', () => void checkAgain());
    body.push(button);
    if (state.lastError) {
      body.push(
        el('p', {
          className: 'status status-error',
          role: 'status',
          text: t('check.failed', { message: state.lastError.message }),
        }),
      );
    } else if (state.checkedAt) {
      body.push(
        el('p', {
          className: 'status',
          role: 'status',
          text: t('check.ok', { time: new Date(state.checkedAt) }),
        }),
      );
    }
  } else {
    body.push(el('h2', { text: t('notPaired.heading') }), el('p', { text: t('notPaired.howTo') }));
  }

  const footer = el(
    'footer',
    { className: 'footer' },
    el('p', { text: t('footer.note') }),
    el('p', { className: 'version', text: t('version', { version }) }),
  );
  // Rendering replaces the popup's content: keep the keyboard where it was.
  const buttonHadFocus = document.activeElement?.classList.contains('button') ?? false;
  root.replaceChildren(header, el('section', { className: 'body' }, ...body), footer);
  if (buttonHadFocus) root.querySelector<HTMLButtonElement>('.button')?.focus();
}

async function checkAgain() {
  checking = true;
  render(await store.read());
  try {
    await checkPairing(store, api);
  } finally {
    checking = false;
    render(await store.read());
  }
}

// The background worker pairs and re-checks on its own; show what it stores as it changes.
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && PAIRING_KEY in changes) void store.read().then(render);
});

void store.read().then(render);
