import type { HTTPMethods } from 'fastify';
import { access } from '../../platform/http/access';
import { AppError, notFound } from '../../platform/http/errors';
import { requireContext } from '../../platform/http/request-context';
import type { App } from '../../platform/http/types';
import {
  SANDBOX_MARKETPLACES,
  SANDBOX_PREFIX,
  type SandboxMarketplaces,
} from './sandbox-marketplaces';
import type { SandboxSales } from './sandbox-sales';

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The largest marketplace payloads (eBay bulk calls) are far below this. */
const BODY_LIMIT = 20 * 1024 * 1024;

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Sandbox mode: the emulated marketplaces under /sandbox/<marketplace>/…, for the browser
 * (sign-in consent pages, listing pages). Public: the emulators check their own tokens. The
 * request goes to the emulator raw, prefix stripped. Their control surface (/__emulator) is not
 * on the web but for the listing pages' "Simulate a sale", which needs the seller's session and
 * sells only a listing of their own account (SandboxSales). Hidden from the API description and
 * the route-table suites: these are the marketplaces' APIs, not ListLoop's.
 */
export async function sandboxRoutes(
  app: App,
  deps: { sandbox: SandboxMarketplaces; sales: SandboxSales; publicUrl: string | null },
) {
  const { sandbox, sales } = deps;
  const trusted = originOf(deps.publicUrl ?? undefined);
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
        method: 'POST',
        url: `${prefix}/__emulator/sales`,
        bodyLimit: BODY_LIMIT,
        schema: { hide: true },
        // The page's form posts with Origin "null" (our pages send no referrer), which the
        // app-wide Origin check refuses; this route checks the origin itself, below.
        config: { access: access.member('items.write'), csrf: false },
        handler: async (request, reply) => {
          // A form posted from the listing page. Our pages send no referrer, so the browser
          // names its origin "null"; the session cookie (SameSite=Lax) does not come with a
          // cross-site post, and a named foreign origin or a cross-site fetch is refused here.
          const origin = originOf(request.headers.origin);
          const own = `${request.protocol}://${request.host}`;
          if (
            (origin !== null && origin !== trusted && origin !== own) ||
            request.headers['sec-fetch-site'] === 'cross-site'
          ) {
            throw new AppError(403, 'auth/csrf');
          }
          const body = await sales.authorise(requireContext(request).accountId, marketplace, {
            contentType: request.headers['content-type'],
            body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          });
          reply.hijack();
          await sandbox.handle(marketplace, {
            req: request.raw,
            res: reply.raw,
            url: '/__emulator/sales',
            body,
            origin: `${request.protocol}://${request.host}`,
          });
        },
      });
      scope.route({
        method: METHODS,
        url: `${prefix}/__emulator/*`,
        schema: { hide: true },
        config: { access: access.public },
        handler: async () => {
          throw notFound('No such page on the sandbox marketplace.');
        },
      });
      scope.route({
        method: METHODS,
        url: `${prefix}/*`,
        bodyLimit: BODY_LIMIT,
        schema: { hide: true },
        // The emulated marketplace's own pages (its sign-in and consent forms post with Origin
        // "null") stand for another site: ListLoop's session and Origin rules are not theirs.
        config: { access: access.public, csrf: false },
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
