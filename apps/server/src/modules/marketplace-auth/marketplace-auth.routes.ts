import { z } from 'zod';
import { ConnectionIdSchema, SupportedMarketplaceSchema } from '@listloop/domain';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { MarketplaceAuthService } from './marketplace-auth.service';

const Text = z.string().trim().max(2048);

/**
 * Spec §7 `GET /api/user/auth/web-auth-url` and the OAuth callback the marketplace sends the
 * seller back to. The callback is a top-level navigation, so the session cookie (SameSite=Lax)
 * comes with it; the state ties it to the user who began.
 */
export async function marketplaceAuthRoutes(
  app: App,
  deps: {
    service: MarketplaceAuthService;
    /** PUBLIC_URL, or the server's own address (`http://localhost:<PORT>`) without one. */
    appUrl: string;
    /**
     * Whether the seller comes back to the address they asked from (the sandbox without
     * PUBLIC_URL): its marketplaces are in this process and accept any callback, so the seller
     * returns to the address their session cookie is for. A live marketplace is only ever
     * given `appUrl`: a Host header is the client's to write, and a code sent to it is a
     * login to the seller's marketplace account.
     */
    followRequestOrigin: boolean;
  },
) {
  const tags = ['connections'];
  const { service } = deps;

  app.get(
    '/api/user/auth/web-auth-url',
    {
      schema: {
        tags,
        summary: 'Where to send the seller to connect a marketplace account (OAuth 2)',
        description:
          'Answers the marketplace’s authorize URL. After the seller allows ListLoop, the ' +
          'marketplace sends them to /api/user/auth/callback/{marketplace}, which stores the ' +
          'tokens (encrypted) and goes on to `redirect` with `connected` and `connection`, or ' +
          'with `connectError`. `connectionId` reconnects an existing connection; `shop` is ' +
          'the shop domain Shopify needs.',
        querystring: z.object({
          redirect: Text.optional().describe('A path of this app; /app/import by default'),
          marketplace: SupportedMarketplaceSchema.default('ebay'),
          connectionId: ConnectionIdSchema.optional(),
          shop: z
            .string()
            .trim()
            .max(255)
            .regex(/^[a-z0-9][a-z0-9.-]*(:\d+)?$/i, { message: 'Give the shop’s domain.' })
            .optional(),
        }),
        response: { 200: z.object({ url: z.string() }), ...errorResponses },
      },
      config: { access: access.member('marketplaces.manage') },
    },
    async (request) => {
      const { marketplace, redirect, connectionId, shop } = request.query;
      const callbackBase = deps.followRequestOrigin
        ? `${request.protocol}://${request.host}`
        : deps.appUrl;
      return {
        url: await service.authorizeUrl(requireContext(request), {
          marketplace,
          ...(redirect ? { redirect } : {}),
          ...(connectionId ? { connectionId } : {}),
          extra: shop ? { shop } : {},
          callbackBase,
        }),
      };
    },
  );

  app.get(
    '/api/user/auth/callback/:marketplace',
    {
      schema: {
        tags,
        summary: 'OAuth 2 callback: the marketplace sends the seller back here',
        params: z.object({ marketplace: SupportedMarketplaceSchema }),
        querystring: z
          .object({
            code: Text.optional(),
            state: Text.optional(),
            error: Text.optional(),
            error_description: Text.optional(),
          })
          .passthrough(),
        response: { 302: z.null().describe('To the app path given to web-auth-url') },
      },
      config: { access: access.member('marketplaces.manage') },
    },
    async (request, reply) => {
      const { code, state, error, error_description } = request.query;
      const to = await service.callback(requireContext(request), request.params.marketplace, {
        ...(code ? { code } : {}),
        ...(state ? { state } : {}),
        ...(error ? { error } : {}),
        ...(error_description ? { error_description } : {}),
      });
      return reply.redirect(to, 302);
    },
  );
}
