import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  retainSearchParams,
} from '@tanstack/react-router';
import { z } from 'zod';
import { AccountSettingsPage } from '../features/account/components/account-settings-page';
import { JoinTeamPage } from '../features/auth/components/join-team-page';
import { LoginPage } from '../features/auth/components/login-page';
import { SignUpPage } from '../features/auth/components/sign-up-page';
import { UpdatePasswordPage } from '../features/auth/components/update-password-page';
import { HomePage } from '../features/home/components/home-page';
import { ImportPage } from '../features/import/components/import-page';
import { InventoryPage } from '../features/inventory/components/inventory-page';
import { InventorySearchSchema } from '../features/inventory/inventory-search';
import { EditItemPage, NewItemPage } from '../features/item-editor/components/item-editor-page';
import { ActivityPage } from '../features/activity/components/activity-page';
import { AnalyticsPage } from '../features/analytics/components/analytics-page';
import { AnalyticsSearchSchema } from '../features/analytics/analytics-search';
import { ReportsPage } from '../features/reports/components/reports-page';
import { LabelsPage } from '../features/labels/components/labels-page';
import { MarketplacesPage } from '../features/marketplaces/components/marketplaces-page';
import { OnboardingPage } from '../features/onboarding/components/onboarding-page';
import { PendingOnboardingsPage } from '../features/onboarding/components/pending-onboardings-page';
import { WorkflowPage } from '../features/workflow/components/workflow-page';
import { RulesPage } from '../features/rules/components/rules-page';
import { RulesSearchSchema } from '../features/rules/rules-search';
import { SalesPage } from '../features/sale-detection/components/sales-page';
import { PickingListPage } from '../features/picking-list/components/picking-list-page';
import { SalesSearchSchema } from '../features/sale-detection/sales-search';
import { ServiceKeysPage } from '../features/service-keys/components/service-keys-page';
import { SettingsPage } from '../features/settings/components/settings-page';
import { TeamPage } from '../features/team/components/team-page';
import { AuthLayout } from './layouts/auth-layout';
import { FocusLayout } from './layouts/focus-layout';
import { guard, type RouterContext } from './routing/guards';
import { OnboardingGate } from './routing/onboarding-gate';
import { SignedInOnly } from './routing/signed-in-only';
import { useSignedInSession } from '../lib/session';
import { GlobalNotFound, ShellNotFound } from './screens/not-found';
import { RouteError } from './screens/route-error';
import { AppShellLayout } from './shell/app-shell-layout';

/** An unreadable value is dropped rather than failing the route. */
const optionalText = z.string().optional().catch(undefined);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // ?country= picks the edition (spec §1) and follows every navigation of the tab.
  validateSearch: z.object({ country: optionalText }),
  search: { middlewares: [retainSearchParams(['country'])] },
  component: Outlet,
  notFoundComponent: GlobalNotFound,
  errorComponent: RouteError,
});

// Signed-out pages.
const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  beforeLoad: ({ context }) => guard(context, 'public'),
  component: AuthLayout,
});

const loginRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/login',
  component: LoginPage,
});

const signUpRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/sign-up',
  component: SignUpPage,
});

const joinTeamRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/join-team',
  validateSearch: z.object({ email: optionalText }),
  component: JoinTeamPage,
});

// A pending account user, signed in.
const updatePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/update-password',
  beforeLoad: ({ context }) => guard(context, 'pendingOnly'),
  component: () => (
    <SignedInOnly>
      <FocusLayout>
        <UpdatePasswordPage />
      </FocusLayout>
    </SignedInOnly>
  ),
});

// Members through the gate; the onboarding gate decides between /onboarding and the shell.
const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'member',
  beforeLoad: ({ context }) => guard(context, 'member'),
  component: OnboardingGate,
});

const onboardingRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/onboarding',
  component: () => (
    <FocusLayout width={880}>
      <OnboardingPage />
    </FocusLayout>
  ),
});

const shellRoute = createRoute({
  getParentRoute: () => memberRoute,
  id: 'shell',
  component: AppShellLayout,
});

const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  component: HomePage,
});

// The inventory is the seller's main area: /app opens it.
const appIndexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app',
  beforeLoad: () => {
    throw redirect({ to: '/app/inventory', replace: true });
  },
});

const inventoryRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/inventory',
  validateSearch: InventorySearchSchema,
  component: function InventoryRoute() {
    const search = inventoryRoute.useSearch();
    const navigate = inventoryRoute.useNavigate();
    return (
      // Each keystroke of the search replaces the entry: Back leaves the screen, not a letter.
      <InventoryPage
        search={search}
        onSearchChange={(next) => navigate({ search: next, replace: true })}
      />
    );
  },
});

const newItemRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/inventory/new',
  component: function NewItemRoute() {
    return <NewItemPage />;
  },
});

const itemRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/inventory/$itemId',
  component: function ItemRoute() {
    const { itemId } = itemRoute.useParams();
    return <EditItemPage itemId={itemId} />;
  },
});

const labelsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/labels',
  component: LabelsPage,
});

const rulesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/rules',
  validateSearch: RulesSearchSchema,
  component: function RulesRoute() {
    const search = rulesRoute.useSearch();
    const navigate = rulesRoute.useNavigate();
    return (
      <RulesPage
        search={search}
        onSearchChange={(next) => navigate({ search: next, replace: true })}
      />
    );
  },
});

const marketplacesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/marketplaces',
  component: MarketplacesPage,
});

const importRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/import',
  component: ImportPage,
});

const salesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/sales',
  validateSearch: SalesSearchSchema,
  component: function SalesRoute() {
    const search = salesRoute.useSearch();
    const navigate = salesRoute.useNavigate();
    return (
      <SalesPage
        search={search}
        onSearchChange={(next) => navigate({ search: next, replace: true })}
      />
    );
  },
});

const pickingListRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/picking-list',
  component: PickingListPage,
});

const analyticsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/analytics',
  validateSearch: AnalyticsSearchSchema,
  component: function AnalyticsRoute() {
    const search = analyticsRoute.useSearch();
    const navigate = analyticsRoute.useNavigate();
    return (
      <AnalyticsPage
        search={search}
        onSearchChange={(next) => navigate({ search: next, replace: true })}
      />
    );
  },
});

const activityRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/activity',
  component: ActivityPage,
});

const reportsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/reports',
  component: ReportsPage,
});

const settingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/settings',
  component: SettingsPage,
});

const serviceKeysRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/service-keys',
  component: ServiceKeysPage,
});

const accountRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/account',
  component: AccountSettingsPage,
});

const workflowRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/workflow',
  component: WorkflowPage,
});

// Provider staff only; anyone else finds nothing here, as the server's staff routes answer.
const staffOnboardingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/staff/onboardings',
  component: function StaffOnboardingsRoute() {
    const session = useSignedInSession();
    return session.accessLevel === 'staff' ? <PendingOnboardingsPage /> : <ShellNotFound />;
  },
});

const teamRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/team',
  component: TeamPage,
});

// Spec §2 "/app/** serves the app shell": an unknown path under /app is a not-found inside it.
const appNotFoundRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/$',
  component: ShellNotFound,
});

const routeTree = rootRoute.addChildren([
  publicRoute.addChildren([loginRoute, signUpRoute, joinTeamRoute]),
  updatePasswordRoute,
  memberRoute.addChildren([
    onboardingRoute,
    shellRoute.addChildren([
      homeRoute,
      appIndexRoute,
      inventoryRoute,
      newItemRoute,
      itemRoute,
      labelsRoute,
      rulesRoute,
      marketplacesRoute,
      importRoute,
      salesRoute,
      pickingListRoute,
      analyticsRoute,
      activityRoute,
      reportsRoute,
      settingsRoute,
      serviceKeysRoute,
      accountRoute,
      workflowRoute,
      staffOnboardingsRoute,
      teamRoute,
      appNotFoundRoute,
    ]),
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
