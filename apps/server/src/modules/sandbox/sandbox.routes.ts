import type { HTTPMethods } from 'fastify';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import {
  SANDBOX_MARKETPLACES,
  SANDBOX_PREFIX,
  type SandboxMarketplaces,
} from './sandbox-marketplaces';

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The largest marketplace payloads (eBay bulk calls) are far below this. */
const BODY_LIMIT = 20 * 1024 * 1024;

/**
 * Sandbox mode: the emulated eBay and Shopify under /sandbox/<marketplace>/…, for the browser
 * (sign-in consent pages, listing pages and their "Simulate a sale" button, the emulators'
 * /__emulator control surface). Public: the emulators check their own tokens. The request goes
 * to the emulator raw, prefix stripped. Hidden from the API description and the route-table
 * suites: these are the marketplaces' APIs, not ListLoop's.
 */
export async function sandboxRoutes(app: App, deps: { sandbox: SandboxMarketplaces }) {
  const { sandbox } = deps;
  // Webhooks and the connectors' in-process calls that need the server's own routes.
  sandbox.attach(app);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    for (const marketplace of SANDBOX_MARKETPLACES) {
      const prefix = `${SANDBOX_PREFIX}/${marketplace}`;
      scope.route({
        method: METHODS,
        url: `${prefix}/*`,
        bodyLimit: BODY_LIMIT,
        schema: { hide: true },
        config: { access: access.public },
        handler: async (request, reply) => {
          const below = request.url.slice(prefix.length);
          reply.hijack();
          await sandbox.handle(marketplace, {
            req: request.raw,
            res: reply.raw,
            url: below.startsWith('/') ? below : `/${below}`,
            body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            origin: `${request.protocol}://${request.host}`,
          });
        },
      });
    }
  });
}
