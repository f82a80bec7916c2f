import type { HostLookup } from './public-address';

/** A resolver for tests that knows only the names given (no internet needed). */
export const resolving =
  (answers: Record<string, string[]>): HostLookup =>
  async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address }));
  };
