import { defineMessages } from '../../i18n/define-messages';

/**
 * The account's facts beside its settings: who you are in it, the teams you belong to, the
 * marketplaces it may use and the regional wording in force.
 */
export const accountOverviewMessages = defineMessages({
  accountTitle: { id: 'account.profile.title' },
  company: { id: 'account.profile.company' },
  edition: { id: 'account.profile.edition' },
  role: { id: 'account.profile.role' },
  noRole: { id: 'account.profile.noRole' },
  accessLevel: { id: 'account.profile.accessLevel' },
  memberSince: { id: 'account.profile.memberSince' },
  permissions: { id: 'account.profile.permissions' },
  allPermissions: { id: 'account.profile.allPermissions' },
  noPermissions: { id: 'account.profile.noPermissions' },

  roleAdmin: { id: 'role.builtin.admin' },
  roleViewer: { id: 'role.builtin.viewer' },

  marketplacesTitle: { id: 'account.marketplaces.title' },
  marketplacesCount: { id: 'account.marketplaces.count' },
  marketplacesApi: { id: 'account.marketplaces.api' },
  marketplacesApiHint: { id: 'account.marketplaces.apiHint' },
  marketplacesExtension: { id: 'account.marketplaces.extension' },
  marketplacesExtensionHint: { id: 'account.marketplaces.extensionHint' },
  marketplacesUnavailable: { id: 'account.marketplaces.unavailable' },
  marketplacesUnavailableHint: { id: 'account.marketplaces.unavailableHint' },
  marketplacesEmpty: { id: 'account.marketplaces.empty' },
  marketplacesEmptyHint: { id: 'account.marketplaces.emptyHint' },
  marketplacesGroupEmpty: { id: 'account.marketplaces.groupEmpty' },
  marketplacesManage: { id: 'account.marketplaces.manage' },

  teamsTitle: { id: 'account.teams.title' },
  teamsDescription: { id: 'account.teams.description' },
  teamsCurrent: { id: 'account.teams.current' },
  teamsMeta: { id: 'account.teams.meta' },
  teamsEmpty: { id: 'account.teams.empty' },
  teamsManage: { id: 'account.teams.manage' },

  regionTitle: { id: 'account.region.title' },
  regionDescription: { id: 'account.region.description' },
  regionCountry: { id: 'account.region.country' },
  regionLanguage: { id: 'account.region.language' },
  regionCurrency: { id: 'account.region.currency' },
  regionPriceExample: { id: 'account.region.priceExample' },
  regionWeight: { id: 'account.region.weight' },
  regionLength: { id: 'account.region.length' },
  regionUnit: { id: 'account.region.unit' },
  regionTax: { id: 'account.region.tax' },
  regionColour: { id: 'account.region.colour' },
  regionPostalCode: { id: 'account.region.postalCode' },
  regionWording: { id: 'account.region.wording' },
});
