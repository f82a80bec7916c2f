import { FEATURE_FLAGS, type FeatureFlag } from '@listloop/domain';
import { InMemoryProvider, OpenFeature, type Hook } from '@openfeature/web-sdk';

type FlagConfiguration = NonNullable<ConstructorParameters<typeof InMemoryProvider>[0]>;

/**
 * The OpenFeature provider is fed from the session's resolved flags (spec §6: the server
 * merges the always-on list, the remote file and the account's flags). Every known flag is
 * present, off unless the session says on, so known flags never fail to resolve.
 */
export function toFlagConfiguration(flags: Record<string, boolean> | null): FlagConfiguration {
  const values: Record<string, boolean> = Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, false]),
  );
  Object.assign(values, flags ?? {});
  return Object.fromEntries(
    Object.entries(values).map(([flag, on]) => [
      flag,
      {
        variants: { on: true, off: false },
        defaultVariant: on ? 'on' : 'off',
        disabled: false,
      },
    ]),
  );
}

/** Spec §6: a flag check that fails is logged as a warning and treated as disabled. */
export const warnOnFlagError: Hook = {
  error(hookContext, error) {
    console.warn(
      `Feature flag "${hookContext.flagKey}" could not be evaluated; treated as off.`,
      error,
    );
  },
};

const provider = new InMemoryProvider(toFlagConfiguration(null));
let installed = false;

/** Installs the provider once; called by the app before it renders. */
export function installFeatureFlags(): Promise<void> {
  if (!installed) {
    installed = true;
    OpenFeature.addHooks(warnOnFlagError);
  }
  return OpenFeature.setProviderAndWait(provider);
}

/**
 * Called synchronously whenever the session changes (before React renders it), so a
 * component that mounts with the new session reads the new flags.
 */
export function setSessionFlags(flags: Record<string, boolean> | null): void {
  void provider.putConfiguration(toFlagConfiguration(flags));
}

export type { FeatureFlag };
