import {
  defaultHelpTextSeen,
  localeForCountry,
  resolveSaleDetection,
  type AuthKeys,
  type SessionState,
} from '@listloop/domain';
import type { FeatureFlags } from '../../platform/feature-flags/feature-flags';
import type { RequestContext } from '../../platform/http/request-context';
import { toPublicAccountUser } from '../account-users';
import { allowedMarketplacesOf, toAccount } from '../accounts';
import type { UserService } from '../users';

/** Spec §3's authKeys: the service-keys module's service, declared here by what it does. */
export interface AuthKeysSource {
  authKeys(ctx: RequestContext): Promise<AuthKeys>;
}

/** Builds the session state of spec §3 for the signed-in user. */
export class SessionService {
  constructor(
    private readonly users: UserService,
    private readonly flags: FeatureFlags,
    private readonly keys: AuthKeysSource,
  ) {}

  async state(ctx: RequestContext): Promise<SessionState> {
    const [details, settings, helpTextSeen, featureFlags, authKeys] = await Promise.all([
      this.users.findDetails(ctx.user.id),
      this.users.findSettings(ctx.user.id),
      this.users.findHelpTextSeen(ctx.user.id),
      this.flags.resolveAll(ctx.account.accountFeatureFlags, ctx.user.id),
      this.keys.authKeys(ctx),
    ]);
    const account = toAccount(ctx.account);
    const countryCode = details?.countryCode ?? 'US';

    return {
      status: 'logged-in',
      accessLevel: ctx.accessLevel,
      accountId: ctx.accountId,
      email: ctx.user.email,
      userId: ctx.user.id,
      marketplaceAllowedToAccess: account.marketplaceAllowedToAccess,
      allowedMarketplaces: allowedMarketplacesOf(ctx.account),
      brandBlacklistByMarketplace: account.brandBlacklistByMarketplace,
      customBrands: account.customBrands,
      authKeys,
      accountName: account.accountName,
      currentAccountUser: toPublicAccountUser(ctx.membership),
      accountUsers: ctx.memberships.map(({ membership, account: a }) => ({
        accountId: a.accountId,
        accountName: a.accountName,
        companyName: a.companyName,
        status: membership.status,
        accessLevel: membership.accessLevel,
      })),
      details: {
        firstName: details?.firstName ?? '',
        lastName: details?.lastName ?? '',
        fullName: details?.fullName ?? '',
        createdAt: (details?.createdAt ?? new Date()).toISOString(),
        featureFlags: details?.featureFlags ?? {},
        testUserFeatures: details?.testUserFeatures ?? {},
        testUserType: details?.testUserType ?? null,
        countryCode,
        hideSaleDetectionToggle: details?.hideSaleDetectionToggle ?? false,
        crossEnvUserId: details?.crossEnvUserId ?? '',
      },
      accountFeatureFlags: account.accountFeatureFlags,
      featureFlags,
      // Every marketplace, at its default when never set: what the settings call answers too.
      saleDetection: resolveSaleDetection(settings?.saleDetection),
      account,
      tagsSuggestionsByCategory: account.tagsSuggestionsByCategory,
      role: ctx.role
        ? {
            id: ctx.role.id,
            name: ctx.role.name,
            color: ctx.role.color,
            isProtected: ctx.role.isProtected,
            permissions: ctx.role.permissions,
          }
        : null,
      permissions: ctx.permissions,
      helpTextSeen: { status: 'loaded', data: helpTextSeen ?? defaultHelpTextSeen() },
      locale: localeForCountry(countryCode),
    };
  }
}
