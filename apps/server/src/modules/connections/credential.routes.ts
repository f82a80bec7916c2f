import { z } from 'zod';
import {
  CredentialsListResponseSchema,
  CredentialsPutSchema,
  CredentialsResponseSchema,
  SupportedMarketplaceSchema,
} from '@listloop/domain';
import { activity } from '../../platform/http/activity';
import { access } from '../../platform/http/access';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { CredentialService } from './credential.service';

// find-my-way takes a parameter after a static prefix within one segment.
const BASE = '/integration-:marketplaceId/v1/credentials';
const MarketplaceParams = z.object({ marketplaceId: SupportedMarketplaceSchema });
const AccountParams = z.object({
  marketplaceId: SupportedMarketplaceSchema,
  accountId: z.string().min(1).max(64),
});

/**
 * Spec §7's credentials service. The spec reaches it through a separate microservice client;
 * here it is served by the same server, at the same paths, behind the same session.
 */
export async function credentialRoutes(app: App, deps: { service: CredentialService }) {
  const tags = ['connections'];
  const { service } = deps;
  const manage = access.member('marketplaces.manage');

  app.put(
    BASE,
    {
      schema: {
        tags,
        summary: 'Store the credentials of a connection (sealed; answered masked)',
        params: MarketplaceParams,
        body: CredentialsPutSchema,
        // 503: the marketplace that checks the credentials could not be reached.
        response: { 200: CredentialsResponseSchema, ...errorResponses, 503: errorResponses[409] },
      },
      config: {
        activity: activity.records<unknown, { connectionId: string }>(
          'connection.credentials_saved',
          ({ params, body }) => ({
            id: body.connectionId,
            details: { marketplaces: [params.marketplaceId!] },
          }),
        ),
        access: manage,
      },
    },
    async (request) => ({
      credentials: await service.store(
        requireContext(request),
        request.params.marketplaceId,
        request.body.connectionId,
        request.body.credentials,
      ),
    }),
  );

  app.get(
    `${BASE}/:accountId`,
    {
      schema: {
        tags,
        summary: 'Your account’s credentials for a marketplace, masked',
        params: AccountParams,
        response: { 200: CredentialsListResponseSchema, ...errorResponses },
      },
      config: { access: manage },
    },
    async (request) => ({
      credentials: await service.list(
        requireContext(request),
        request.params.marketplaceId,
        request.params.accountId,
      ),
    }),
  );

  app.delete(
    `${BASE}/:accountId`,
    {
      schema: {
        tags,
        summary: 'Forget your account’s credentials for a marketplace',
        params: AccountParams,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        activity: activity.records('connection.credentials_removed', ({ params }) => ({
          id: null,
          details: { marketplaces: [params.marketplaceId!] },
        })),
        access: manage,
      },
    },
    async (request, reply) => {
      await service.remove(
        requireContext(request),
        request.params.marketplaceId,
        request.params.accountId,
      );
      return reply.status(204).send(null);
    },
  );
}
