import type {
  Adapter,
  DriverAnswer,
  FormValues,
  StepRequest,
  StepResult,
} from '../adapters/contract';
import { photoFile } from '../page/photos';
import type { CommitReply, ContentMessage } from '../work/tabs';

/**
 * Runs one step of an adapter's page driver in the page. A step that ends in a press that
 * sends something (the form, a delete) does not press at once: it answers "submitted" and
 * keeps the press until the service worker, having noted that it is about to send, says
 * `commit`. A worker that dies in between has not sent anything twice (decision 0041).
 */
export async function runStep<V extends FormValues>(
  adapter: Adapter<V>,
  doc: Document,
  request: StepRequest,
): Promise<DriverAnswer> {
  const driver = adapter.driver;
  switch (request.step) {
    case 'probe':
      return { result: { kind: 'page', page: await driver.recognise(doc) } };
    case 'fill':
      return driver.fill(
        doc,
        request.values as V,
        request.photos.map((photo) => photoFile(doc, photo)),
      );
    case 'read-listed':
      return { result: await driver.readListed(doc, request.values as V | undefined) };
    case 'delist':
      return driver.delist(doc, request.listedID);
    case 'read-delisted':
      return { result: await driver.readDelisted(doc, request.listedID) };
    case 'update':
      return driver.update(doc, request.values as V);
    case 'read-updated':
      return { result: await driver.readUpdated(doc) };
    case 'read-sold':
      return { result: await driver.readSold(doc) };
  }
}

/** Listens for the service worker's steps, for one adapter, in the page it runs in. */
export function listen<V extends FormValues>(adapter: Adapter<V>): void {
  let pending: (() => void) | null = null;
  chrome.runtime.onMessage.addListener((message: ContentMessage, sender, sendResponse) => {
    // Only this extension's own service worker steers the page.
    if (sender.id !== chrome.runtime.id || sender.tab) return false;
    if (message?.listloop === 'commit') {
      const press = pending;
      pending = null;
      sendResponse({ committed: press !== null } satisfies CommitReply);
      // After the answer has left: the press may unload the page.
      if (press) setTimeout(press, 50);
      return false;
    }
    if (message?.listloop !== 'step') return false;
    pending = null;
    runStep(adapter, document, message.request).then(
      (answer) => {
        pending = answer.afterReply ?? null;
        sendResponse(answer.result);
      },
      (error: unknown) =>
        sendResponse({
          kind: 'stop',
          reason: 'unknown_layout',
          detail:
            `The page driver failed: ${error instanceof Error ? error.message : String(error)}`.slice(
              0,
              500,
            ),
        } satisfies StepResult),
    );
    return true;
  });
}
