import { defineMessages } from '../i18n/define-messages';

export const appMessages = defineMessages({
  notFoundTitle: { id: 'app.notFound.title' },
  notFoundBody: { id: 'app.notFound.body' },
  routeErrorTitle: { id: 'app.routeError.title' },
  routeErrorBody: { id: 'app.routeError.body' },
  sessionErrorTitle: { id: 'app.sessionError.title' },
  sessionErrorBody: { id: 'app.sessionError.body' },

  mainNavigation: { id: 'shell.nav.label' },
  openNavigation: { id: 'shell.nav.open' },
  closeNavigation: { id: 'shell.nav.close' },
  navHome: { id: 'shell.nav.home' },
  navInventory: { id: 'shell.nav.inventory' },
  navLabels: { id: 'shell.nav.labels' },
  navImport: { id: 'shell.nav.import' },
  navSales: { id: 'shell.nav.sales' },
  navMarketplaces: { id: 'shell.nav.marketplaces' },
  navRules: { id: 'shell.nav.rules' },
  navReports: { id: 'shell.nav.reports' },
  navTeam: { id: 'shell.nav.team' },
  navSettings: { id: 'shell.nav.settings' },
  navWorkflow: { id: 'shell.nav.workflow' },
  navStaffOnboardings: { id: 'shell.nav.staffOnboardings' },

  userMenu: { id: 'shell.userMenu.label' },
  signedInAs: { id: 'shell.userMenu.signedInAs' },
  darkTheme: { id: 'shell.userMenu.darkTheme' },
  lightTheme: { id: 'shell.userMenu.lightTheme' },
  signOut: { id: 'shell.userMenu.signOut' },
  signingOut: { id: 'shell.userMenu.signingOut' },
  signOutFailedTitle: { id: 'shell.userMenu.signOutFailed' },

  countrySwitcher: { id: 'shell.country.label' },
  countrySwitcherButton: { id: 'shell.country.button' },
  countryOption: { id: 'shell.country.option' },
});
