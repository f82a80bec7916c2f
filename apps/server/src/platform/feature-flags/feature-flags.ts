import {
  ErrorCode,
  NOOP_PROVIDER,
  OpenFeature,
  type Client,
  type EvaluationContext,
  type Provider,
  type ResolutionDetails,
  type JsonValue,
} from '@openfeature/server-sdk';
import type { Logger } from 'pino';
import { FEATURE_FLAGS, mergeFlags, type FeatureFlag } from '@listloop/domain';
import type { RemoteFlagFile } from './remote-flag-file';

/**
 * One OpenFeature provider merging the three sources of spec §6: the always-on beta flags,
 * the remote flag file, and the account's stored flags (passed in the evaluation context).
 */
export class ListLoopFlagProvider implements Provider {
  readonly metadata = { name: 'listloop' } as const;
  readonly runsOn = 'server' as const;

  constructor(private readonly remote: RemoteFlagFile) {}

  async resolveBooleanEvaluation(
    flagKey: string,
    _default: boolean,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<boolean>> {
    const account = context.accountFeatureFlags;
    if (
      account !== undefined &&
      (typeof account !== 'object' || account === null || Array.isArray(account))
    ) {
      return { value: _default, errorCode: ErrorCode.INVALID_CONTEXT, reason: 'ERROR' };
    }
    const merged = mergeFlags({
      remote: this.remote.current,
      account: account as Record<string, boolean> | undefined,
    });
    if (!(flagKey in merged)) {
      return { value: _default, errorCode: ErrorCode.FLAG_NOT_FOUND, reason: 'ERROR' };
    }
    return { value: merged[flagKey] === true, reason: 'STATIC' };
  }

  async resolveStringEvaluation(_key: string, value: string): Promise<ResolutionDetails<string>> {
    return { value, errorCode: ErrorCode.TYPE_MISMATCH, reason: 'ERROR' };
  }

  async resolveNumberEvaluation(_key: string, value: number): Promise<ResolutionDetails<number>> {
    return { value, errorCode: ErrorCode.TYPE_MISMATCH, reason: 'ERROR' };
  }

  async resolveObjectEvaluation<T extends JsonValue>(
    _key: string,
    value: T,
  ): Promise<ResolutionDetails<T>> {
    return { value, errorCode: ErrorCode.TYPE_MISMATCH, reason: 'ERROR' };
  }
}

let domains = 0;

/** Feature-flag checks for services: a failing check logs a warning and counts as off. */
export class FeatureFlags {
  private readonly client: Client;

  private constructor(
    readonly domain: string,
    private readonly logger: Logger,
  ) {
    this.client = OpenFeature.getClient(domain);
  }

  static async create(remote: RemoteFlagFile, logger: Logger): Promise<FeatureFlags> {
    const domain = `listloop-${++domains}`;
    await OpenFeature.setProviderAndWait(domain, new ListLoopFlagProvider(remote));
    return new FeatureFlags(domain, logger);
  }

  async isEnabled(
    flag: FeatureFlag | string,
    accountFeatureFlags: Record<string, boolean>,
    targetingKey?: string,
  ): Promise<boolean> {
    const details = await this.client.getBooleanDetails(flag, false, {
      ...(targetingKey ? { targetingKey } : {}),
      accountFeatureFlags,
    });
    if (details.errorCode) {
      this.logger.warn(
        { flag, errorCode: details.errorCode, message: details.errorMessage },
        'Feature flag check failed; treated as off',
      );
      return false;
    }
    return details.value;
  }

  /** Every known flag, resolved for one account. */
  async resolveAll(
    accountFeatureFlags: Record<string, boolean>,
    targetingKey?: string,
  ): Promise<Record<FeatureFlag, boolean>> {
    const entries = await Promise.all(
      FEATURE_FLAGS.map(
        async (flag) =>
          [flag, await this.isEnabled(flag, accountFeatureFlags, targetingKey)] as const,
      ),
    );
    return Object.fromEntries(entries) as Record<FeatureFlag, boolean>;
  }

  async close(): Promise<void> {
    // OpenFeature keeps providers per domain globally; hand this one back to the no-op provider.
    await OpenFeature.setProviderAndWait(this.domain, NOOP_PROVIDER);
  }
}
