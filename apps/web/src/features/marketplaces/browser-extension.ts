import {
  EXTENSION_ID,
  ExtensionPairReplySchema,
  ExtensionPingReplySchema,
  type ExtensionMessage,
  type ExtensionPairReply,
  type ExtensionPingReply,
} from '@listloop/domain';

/** The one call of the extension messaging API the page uses (present once it is installed). */
interface ExternalRuntime {
  sendMessage(extensionId: string, message: unknown, reply: (answer: unknown) => void): void;
  lastError?: { message?: string } | undefined;
}

const ANSWER_WITHIN_MS = 2000;

function runtimeOf(scope: unknown): ExternalRuntime | null {
  const chrome = (scope as { chrome?: { runtime?: Partial<ExternalRuntime> } }).chrome;
  const runtime = chrome?.runtime;
  return runtime && typeof runtime.sendMessage === 'function' ? (runtime as ExternalRuntime) : null;
}

/**
 * Sends one message to the ListLoop extension and waits for its answer. Null when it is not
 * installed in this browser (no messaging API, or nobody answers), or answers nonsense.
 */
async function ask(message: ExtensionMessage, scope: unknown): Promise<unknown> {
  const runtime = runtimeOf(scope);
  if (!runtime) return null;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS);
    try {
      runtime.sendMessage(EXTENSION_ID, message, (answer) => {
        clearTimeout(timer);
        // Reading lastError is how Chromium is told the failure was seen.
        resolve(runtime.lastError ? null : answer);
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/** Whether the extension is installed here, its version, and what it is paired with. */
export async function pingExtension(
  scope: unknown = globalThis,
): Promise<ExtensionPingReply | null> {
  const parsed = ExtensionPingReplySchema.safeParse(await ask({ type: 'listloop.ping' }, scope));
  return parsed.success ? parsed.data : null;
}

/** Hands the extension its token for this server; null when it did not answer. */
export async function pairExtension(
  server: string,
  token: string,
  scope: unknown = globalThis,
): Promise<ExtensionPairReply | null> {
  const parsed = ExtensionPairReplySchema.safeParse(
    await ask({ type: 'listloop.pair', server, token }, scope),
  );
  return parsed.success ? parsed.data : null;
}

/**
 * This browser as the paired list names it: its make and its system ("Edge", "Windows"), read
 * from the user agent. Brands are proper names, so only the sentence around them is translated.
 */
export function browserAndSystem(userAgent: string): { browser: string; system: string } {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Brave/.test(userAgent)
        ? 'Brave'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : 'Browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /CrOS/.test(userAgent)
      ? 'ChromeOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return { browser, system };
}
