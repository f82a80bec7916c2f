import {
  ExtensionMessageSchema,
  type ExtensionPairReply,
  type ExtensionPingReply,
} from '@listloop/domain';
import { serverOrigin, type ApiClient } from './api';
import type { PairingStore } from './pairing';

export interface MessageDeps {
  store: PairingStore;
  api: ApiClient;
  version: string;
  now?: () => Date;
}

/** The answer to a message the extension refuses. */
export interface RefusedReply {
  error: string;
}

/**
 * Answers a message from a web page (`chrome.runtime.onMessageExternal`). The manifest's
 * `externally_connectable` already limits which pages may send; this also refuses any message
 * that is not one of ListLoop's, and pairing with a server other than the page's own, so a page
 * cannot make the extension send a token elsewhere. On this machine a development page and its
 * server may differ by port: loopback origins may pair with each other.
 */
export async function handleExternalMessage(
  message: unknown,
  sender: { origin?: string | undefined; url?: string | undefined },
  deps: MessageDeps,
): Promise<ExtensionPingReply | ExtensionPairReply | RefusedReply> {
  const origin = senderOrigin(sender);
  if (origin === null) return { error: 'Messages are accepted from web pages only.' };
  const parsed = ExtensionMessageSchema.safeParse(message);
  if (!parsed.success) return { error: 'Unknown message.' };

  if (parsed.data.type === 'listloop.ping') {
    const state = await deps.store.read();
    return { version: deps.version, server: state.server, tokenId: state.tokenId };
  }

  const server = serverOrigin(parsed.data.server);
  if (server === null) return { paired: false, error: 'The server address must be http(s).' };
  if (server !== origin && !(isLoopback(server) && isLoopback(origin))) {
    return { paired: false, error: 'A page may pair this browser only with its own server.' };
  }
  const result = await deps.api.whoAmI(server, parsed.data.token);
  if (result.kind !== 'ok') return { paired: false, error: result.message };
  await deps.store.write({
    server,
    token: parsed.data.token,
    tokenId: result.who.tokenId,
    who: result.who,
    unpaired: null,
    lastError: null,
    checkedAt: (deps.now?.() ?? new Date()).toISOString(),
  });
  return { paired: true, error: null };
}

/** The sending page's http(s) origin, or null (another extension, a file, no page at all). */
function senderOrigin(sender: { origin?: string | undefined; url?: string | undefined }) {
  const candidate = sender.origin ?? sender.url;
  return candidate ? serverOrigin(candidate) : null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

function isLoopback(origin: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(origin).hostname);
}
