import type { EtsyProfileKind, EtsyShopProfile, MarketplaceId } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { standInConnector } from '../../../test/stand-in-connector';
import { AppError } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { ConnectorError, type ConnectorRegistry } from '../../connectors/contract';
import { ETSY_PROFILES_TTL_MS, EtsyProfileService } from './etsy-profile.service';

const ctx = { accountId: 'acct-1', user: { id: 'user-1' } } as unknown as RequestContext;

const profile = (id: string, name: string): EtsyShopProfile => ({
  id,
  kind: 'shipping',
  name,
  readinessState: null,
  minProcessingDays: null,
  maxProcessingDays: null,
  originCountry: 'US',
});

function setup(options: { connectionId?: string | null } = {}) {
  let clock = Date.UTC(2026, 0, 10);
  const calls: string[] = [];
  let answer: () => EtsyShopProfile[] = () => [profile('1', 'Standard shipping')];
  let connectionId = options.connectionId === undefined ? 'conn-1' : options.connectionId;
  const connector = {
    ...standInConnector('etsy'),
    async shopProfiles(_scope: unknown, kind: EtsyProfileKind) {
      calls.push(kind);
      // Another caller arrives while this read is on its way.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer();
    },
  };
  const registry: Pick<ConnectorRegistry, 'get'> = {
    get: (marketplace: MarketplaceId) => (marketplace === 'etsy' ? connector : undefined),
  };
  const connections = {
    usableFor: async () => (connectionId ? [{ id: connectionId } as never] : []),
  };
  const service = new EtsyProfileService(registry, connections, { now: () => clock });
  return {
    service,
    calls,
    advance: (ms: number) => (clock += ms),
    answer: (next: () => EtsyShopProfile[]) => (answer = next),
    reconnect: (id: string) => (connectionId = id),
  };
}

describe('the seller’s Etsy profiles', () => {
  it('are read once for concurrent callers and kept five minutes per kind', async () => {
    const { service, calls, advance, answer } = setup();
    const [a, b] = await Promise.all([
      service.profiles(ctx, 'shipping'),
      service.profiles(ctx, 'shipping'),
    ]);
    expect(a).toEqual([profile('1', 'Standard shipping')]);
    expect(b).toBe(a);
    await service.profiles(ctx, 'processing');
    expect(calls).toEqual(['shipping', 'processing']);

    answer(() => [profile('1', 'Standard shipping'), profile('2', 'Express')]);
    advance(ETSY_PROFILES_TTL_MS - 1);
    expect(await service.profiles(ctx, 'shipping')).toHaveLength(1);
    advance(1);
    expect(await service.profiles(ctx, 'shipping')).toHaveLength(2);
    expect(calls).toEqual(['shipping', 'processing', 'shipping']);
  });

  it('are read afresh through a new connection', async () => {
    const { service, calls, reconnect } = setup();
    await service.profiles(ctx, 'shipping');
    reconnect('conn-2');
    await service.profiles(ctx, 'shipping');
    expect(calls).toEqual(['shipping', 'shipping']);
  });

  it('keep no failed read: Etsy’s refusal is a 409, an outage a 503', async () => {
    const { service, calls, answer } = setup();
    answer(() => {
      throw new ConnectorError('Etsy refused access.');
    });
    await expect(service.profiles(ctx, 'shipping')).rejects.toMatchObject({
      statusCode: 409,
      message: 'Etsy did not give your shop’s profiles: Etsy refused access.',
    });
    answer(() => {
      throw new ConnectorError('Etsy timed out.', { transient: true });
    });
    const outage = await service.profiles(ctx, 'shipping').catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(AppError);
    expect(outage).toMatchObject({ statusCode: 503 });
    answer(() => [profile('1', 'Standard shipping')]);
    expect(await service.profiles(ctx, 'shipping')).toHaveLength(1);
    expect(calls).toEqual(['shipping', 'shipping', 'shipping']);
  });

  it('answer 409 without an Etsy connection, asking Etsy nothing', async () => {
    const { service, calls } = setup({ connectionId: null });
    await expect(service.profiles(ctx, 'shipping')).rejects.toMatchObject({
      statusCode: 409,
      message: 'Connect your Etsy account first: ListLoop reads your shop’s profiles through it.',
    });
    expect(calls).toEqual([]);
  });
});
