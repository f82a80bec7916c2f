import type { Container } from '../container';

/**
 * The demo account, created on first start: a reseller's shop with the owner as admin and a
 * second, pending team member, so every gate of the sign-in can be seen.
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
