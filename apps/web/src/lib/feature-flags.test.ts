import { OpenFeature } from '@openfeature/web-sdk';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFeatureFlags, setSessionFlags, toFlagConfiguration } from './feature-flags';

describe('feature flags from the session', () => {
  beforeAll(async () => {
    await installFeatureFlags();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    setSessionFlags(null);
  });

  it('configures every known flag, off unless the session says on', () => {
    const configuration = toFlagConfiguration({ onboardingRework: true });
    expect(configuration.onboardingRework?.defaultVariant).toBe('on');
    expect(configuration.newPricing?.defaultVariant).toBe('off');
    expect(toFlagConfiguration(null).onboardingRework?.defaultVariant).toBe('off');
  });

  it('answers with the flags of the current session', () => {
    const client = OpenFeature.getClient();
    expect(client.getBooleanValue('onboardingRework', false)).toBe(false);

    setSessionFlags({ onboardingRework: true });
    expect(client.getBooleanValue('onboardingRework', false)).toBe(true);

    setSessionFlags(null);
    expect(client.getBooleanValue('onboardingRework', false)).toBe(false);
  });

  it('treats a flag that cannot be evaluated as off, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = OpenFeature.getClient();
    expect(client.getBooleanValue('noSuchFlag', false)).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('"noSuchFlag" could not be evaluated'),
      expect.anything(),
    );
  });
});
