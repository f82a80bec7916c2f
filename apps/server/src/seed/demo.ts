import type { Container } from '../container';

/**
 * The demo account, created on first start: a reseller's shop whose owner is its admin, with
 * every supported marketplace open to it. A later start finds the owner and does nothing.
 */
export async function seedDemo(container: Container): Promise<{ created: boolean }> {
  const { config, services } = container;
  if (await services.auth.findUserByEmail(config.demo.email)) return { created: false };
  await services.accounts.createWithOwner({
    companyName: 'Loop & Thread Vintage',
    owner: {
      email: config.demo.email,
      password: config.demo.password,
      firstName: 'Dana',
      lastName: 'Reyes',
      countryCode: 'US',
    },
    marketplaceAllowedToAccess: {
      ebay: true,
      etsy: true,
      shopify: true,
      poshmark: true,
      mercari: true,
      depop: true,
      grailed: true,
      facebook: true,
      vinted: true,
      vestiaire: true,
      whatnot: true,
    },
  });
  return { created: true };
}
