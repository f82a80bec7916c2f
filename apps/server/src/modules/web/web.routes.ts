import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../../platform/http/types';

/**
 * Serves the built web app with an SPA fallback, and the hosting rules of spec §2: /terms and
 * /privacy redirect permanently to the external pages; /api and /webhook are the server's own.
 */
export async function webRoutes(
  app: App,
  deps: { distDir: string; termsUrl: string; privacyUrl: string },
) {
  app.get(
    '/terms',
    { schema: { hide: true }, config: { access: { kind: 'public' } } },
    (_req, reply) => reply.redirect(deps.termsUrl, 301),
  );
  app.get(
    '/privacy',
    { schema: { hide: true }, config: { access: { kind: 'public' } } },
    (_req, reply) => reply.redirect(deps.privacyUrl, 301),
  );

  const indexFile = path.join(deps.distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir: deps.distDir }, 'The web app is not built; only the API is served');
    return;
  }
  await app.register(async (web) => {
    // The app's files are public: the app itself asks for the session once it runs.
    web.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), access: { kind: 'public' } };
    });
    await serveBuild(web, deps.distDir, indexFile);
  });
}

async function serveBuild(app: App, distDir: string, indexFile: string) {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      // Vite fingerprints assets, so they never change; index.html must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  const indexHtml = fs.readFileSync(indexFile);
  app.get(
    '/*',
    { schema: { hide: true }, config: { access: { kind: 'public' } } },
    async (request, reply) => {
      // The router's decoded wildcard, slashes collapsed: `/%61pi/x` and `//api/x` are API
      // paths too, and answer as one (a JSON 404), never with the app shell.
      const wildcard = (request.params as Record<string, string | undefined>)['*'] ?? '';
      const pathname = `/${wildcard}`.replace(/\/{2,}/g, '/');
      if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/webhook')) {
        return reply.callNotFound();
      }
      // Files of the build have their own routes (registered by @fastify/static at start); a
      // missing asset is a 404, never the app shell.
      if (path.extname(pathname) && !pathname.endsWith('.html')) return reply.callNotFound();
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    },
  );
}
