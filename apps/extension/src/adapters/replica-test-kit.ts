import { Browser, type BrowserPage } from 'happy-dom';
import { startReplicaSite, type ReplicaSite, type RunningReplica } from '@listloop/emulators';
import { toBase64 } from '../page/photos';
import type { PagePhoto } from './contract';

/**
 * For the adapters' tests: a replica site on loopback and a DOM library's browser on it, with
 * the replica's own page scripts running, so a driver meets pickers, background submits and
 * redirects as it would on the site. Not part of the extension build (only tests import it).
 */
export interface ReplicaSession {
  replica: RunningReplica;
  page: BrowserPage;
  /** Opens a path of the replica and waits for its scripts to settle. */
  open(path: string): Promise<Document>;
  /** The page's document now (after a navigation, the new one). */
  doc(): Document;
  /** Runs what a driver left for after its answer (the submitting press), and waits for the page it opens. */
  submit(afterReply: (() => void) | undefined): Promise<Document>;
  close(): Promise<void>;
}

export async function openReplica(site: ReplicaSite): Promise<ReplicaSession> {
  const replica = await startReplicaSite(site);
  const browser = new Browser({
    settings: {
      enableJavaScriptEvaluation: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
      navigation: { disableChildPageNavigation: true, disableChildFrameNavigation: true },
      fetch: { disableSameOriginPolicy: false },
    },
  });
  const page = browser.newPage();
  const doc = () => page.mainFrame.document as unknown as Document;
  return {
    replica,
    page,
    doc,
    async open(path) {
      await page.goto(`${replica.url}${path}`);
      await page.waitUntilComplete();
      return doc();
    },
    async submit(afterReply) {
      if (!afterReply) throw new Error('The driver left nothing to press.');
      const before = page.mainFrame.url;
      afterReply();
      // The kit's script sends the form, then opens the answer's page; a refusal stays on the
      // form, whose errors the driver's next step waits for itself.
      const deadline = Date.now() + 1500;
      while (page.mainFrame.url === before && Date.now() < deadline) {
        await page.waitUntilComplete();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await page.waitUntilComplete();
      return doc();
    },
    async close() {
      await browser.close();
      await replica.close();
    },
  };
}

/** The smallest JPEG header: enough for the replicas' check that a file is a photo. */
export function jpegPhoto(name = 'photo-1.jpg'): PagePhoto {
  const bytes = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  return { name, type: 'image/jpeg', base64: toBase64(bytes) };
}

/** Text that is not a photo, named like one. */
export function fakePhoto(name = 'not-a-photo.jpg'): PagePhoto {
  return { name, type: 'image/jpeg', base64: btoa('hello') };
}
