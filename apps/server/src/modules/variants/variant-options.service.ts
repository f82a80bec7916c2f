import type { RequestContext } from '../../platform/http/request-context';
import type { VariantOptionsRepository } from './variant-options.repository';
import type { VariantOptions } from './variant-options.table';

/** Each value once, compared without case, in the order given. */
function distinct(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Spec §7 variants/options. `enabled` is the account's config.features.isMultiVariantsEnabled;
 * the options can be prepared while it is off, but items take variants only when it is on.
 */
export class VariantOptionsService {
  constructor(private readonly options: VariantOptionsRepository) {}

  private enabled(ctx: RequestContext): boolean {
    return ctx.account.config?.features?.isMultiVariantsEnabled === true;
  }

  async get(ctx: RequestContext): Promise<{ options: VariantOptions; enabled: boolean }> {
    const options = (await this.options.find(ctx.accountId)) ?? { sizes: [], colors: [] };
    return { options, enabled: this.enabled(ctx) };
  }

  async save(
    ctx: RequestContext,
    input: VariantOptions,
  ): Promise<{ options: VariantOptions; enabled: boolean }> {
    const options = await this.options.save(ctx.accountId, {
      sizes: distinct(input.sizes),
      colors: distinct(input.colors),
    });
    return { options, enabled: this.enabled(ctx) };
  }
}
