// The child process that runs the background-removal model (decision 0051). Plain JavaScript,
// so it starts the same under tsx, vitest and plain node: it needs no TypeScript loader.
// The model's own pre- and post-processing is synchronous JavaScript over every pixel; here it
// blocks only this process, never the server's event loop. One picture at a time: the parent
// sends the next when this one answers.
// @ts-check
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
// The package's models are files beside its entry point; it reads them by address.
const distDir = path.dirname(require.resolve('@imgly/background-removal-node'));
const publicPath = pathToFileURL(distDir).href + '/';

/** @type {Promise<typeof import('@imgly/background-removal-node')> | null} */
let loading = null;

/**
 * @param {{ id: number, bytes: Uint8Array, mimeType: string, model: 'small' | 'medium' }} request
 */
async function remove(request) {
  loading ??= import('@imgly/background-removal-node');
  const { removeBackground } = await loading;
  const blob = await removeBackground(new Blob([request.bytes], { type: request.mimeType }), {
    model: request.model,
    publicPath,
    output: { format: 'image/png' },
  });
  return new Uint8Array(await blob.arrayBuffer());
}

/** The peak resident memory of this process so far, in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

process.on('message', (/** @type {any} */ request) => {
  remove(request).then(
    (png) => process.send?.({ id: request.id, ok: true, png, peakRss: peakRss() }),
    (error) =>
      process.send?.({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        peakRss: peakRss(),
      }),
  );
});

// The server went away (or closed the channel): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
