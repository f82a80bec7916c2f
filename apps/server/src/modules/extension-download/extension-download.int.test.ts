import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_DOWNLOAD_PATH } from '@listloop/domain';
import { startTestServer, type TestServer } from '../../../test/server';

/** A stand-in for apps/extension/dist: the route packs whatever build it is pointed at. */
async function fakeBuild(): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-extension-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(
    path.join(dist, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'ListLoop',
      version: '0.1.0',
      permissions: ['storage', 'alarms'],
      host_permissions: ['http://localhost/*', 'http://127.0.0.1/*', 'https://poshmark.com/*'],
      externally_connectable: { matches: ['http://localhost/*', 'http://127.0.0.1/*'] },
    }),
  );
  await fs.writeFile(path.join(dist, 'assets', 'background.js'), 'console.log("hi");\n');
  await fs.writeFile(path.join(dist, '.listloop-build-stamp'), 'abc\n');
  return dist;
}

describe('downloading the browser extension', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await fakeBuild();
    server = await startTestServer({
      env: { EXTENSION_DIST_DIR: dist, PUBLIC_URL: 'https://listloop.example:8443' },
    });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('offers the build as a zip, without a session, its origins made the server’s', async () => {
    const response = await fetch(server.baseUrl + EXTENSION_DOWNLOAD_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('listloop.zip');
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['assets/background.js', 'manifest.json']);
    expect(strFromU8(entries['assets/background.js']!)).toBe('console.log("hi");\n');
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!));
    expect(manifest).toMatchObject({
      name: 'ListLoop',
      version: '0.1.0',
      permissions: ['storage', 'alarms'],
      // The marketplaces' sites stay: the extension works there.
      host_permissions: ['https://listloop.example/*', 'https://poshmark.com/*'],
      externally_connectable: { matches: ['https://listloop.example/*'] },
    });
  });

  it('packs a rebuilt extension afresh', async () => {
    await fs.writeFile(path.join(dist, 'assets', 'background.js'), 'console.log("v2");\n');
    // The manifest's time marks a new build.
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(path.join(dist, 'manifest.json'), later, later);
    const response = await fetch(server.baseUrl + EXTENSION_DOWNLOAD_PATH);
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(strFromU8(entries['assets/background.js']!)).toBe('console.log("v2");\n');
  });
});

describe('a server without the extension built', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { EXTENSION_DIST_DIR: path.join(os.tmpdir(), 'listloop-no-extension-build') },
    });
  });
  afterAll(() => server.close());

  it('answers 404 with a message saying so', async () => {
    const response = await fetch(server.baseUrl + EXTENSION_DOWNLOAD_PATH);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      code: 'request/not-found',
      message: 'The browser extension has not been built on this server.',
    });
  });
});
