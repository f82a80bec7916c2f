import { describe, expect, it } from 'vitest';
import {
  ALWAYS_ON_BETA_FLAGS,
  FEATURE_FLAGS,
  mergeFlags,
  REMOTE_FLAGS_REFRESH_MS,
  REMOTE_FLAGS_TIMEOUT_MS,
} from './flags';

const OPTIONAL_FLAGS = FEATURE_FLAGS.filter((flag) => !ALWAYS_ON_BETA_FLAGS.includes(flag));

describe('flag lists', () => {
  it('has no duplicate flags', () => {
    expect(new Set(FEATURE_FLAGS).size).toBe(FEATURE_FLAGS.length);
  });

  it('always-on flags are known flags', () => {
    for (const flag of ALWAYS_ON_BETA_FLAGS) expect(FEATURE_FLAGS).toContain(flag);
  });

  it('uses the spec §9 timings', () => {
    expect(REMOTE_FLAGS_REFRESH_MS).toBe(15 * 60 * 1000);
    expect(REMOTE_FLAGS_TIMEOUT_MS).toBe(5000);
  });
});

describe('mergeFlags (spec §6)', () => {
  it.each([
    ['no sources', {}],
    ['null sources', { remote: null, account: null }],
    ['empty sources', { remote: {}, account: {} }],
  ])('with %s every known flag is present: always-on true, the rest false', (_label, sources) => {
    const merged = mergeFlags(sources);
    expect(Object.keys(merged).sort()).toEqual([...FEATURE_FLAGS].sort());
    for (const flag of ALWAYS_ON_BETA_FLAGS) expect(merged[flag]).toBe(true);
    for (const flag of OPTIONAL_FLAGS) expect(merged[flag]).toBe(false);
  });

  it.each(ALWAYS_ON_BETA_FLAGS)(
    'always-on %s wins over false from the account and remote',
    (flag) => {
      expect(mergeFlags({ remote: { [flag]: false }, account: { [flag]: false } })[flag]).toBe(
        true,
      );
      expect(mergeFlags({ account: { [flag]: false } })[flag]).toBe(true);
      expect(mergeFlags({ remote: { [flag]: false } })[flag]).toBe(true);
    },
  );

  it.each([
    // [remote, account, merged]
    [undefined, undefined, false],
    [true, undefined, true],
    [false, undefined, false],
    [undefined, true, true],
    [undefined, false, false],
    [true, false, false],
    [false, true, true],
    [true, true, true],
  ])('remote %j, account %j → %j (the account overrides remote)', (remote, account, merged) => {
    const flag = 'newPricing';
    expect(
      mergeFlags({
        remote: remote === undefined ? {} : { [flag]: remote },
        account: account === undefined ? {} : { [flag]: account },
      })[flag],
    ).toBe(merged);
  });

  it('keeps flags it does not know, from either source', () => {
    const merged = mergeFlags({
      remote: { experimentalRemote: true, offRemote: false, shared: true },
      account: { experimentalAccount: true, shared: false },
    });
    expect(merged).toMatchObject({
      experimentalRemote: true,
      offRemote: false,
      experimentalAccount: true,
      shared: false,
    });
  });

  it('treats a flag missing from every source as false', () => {
    const merged = mergeFlags({ remote: { sharingV2: true }, account: { listingVideos: true } });
    expect(merged.sharingV2).toBe(true);
    expect(merged.listingVideos).toBe(true);
    expect(merged.onboardingRework).toBe(false);
    expect(merged.shopifyBilling).toBe(false);
  });

  it('does not change its inputs', () => {
    const remote = { newPricing: true };
    const account = { countryUS: false };
    mergeFlags({ remote, account });
    expect(remote).toEqual({ newPricing: true });
    expect(account).toEqual({ countryUS: false });
  });
});
