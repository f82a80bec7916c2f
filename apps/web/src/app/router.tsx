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
import { InventorySearchSchema } from '../features/inventory/inventory-search';
import { AnalyticsSearchSchema } from '../features/analytics/analytics-search';
import { RulesSearchSchema } from '../features/rules/rules-search';
import { SalesSearchSchema } from '../features/sale-detection/sales-search';
import { itemEditorSlotScreens } from './item-editor-slots';
import { AuthLayout } from './layouts/auth-layout';
import { FocusLayout } from './layouts/focus-layout';
import { guard, type RouterContext } from './routing/guards';
import { lazyScreen, withScreens } from './routing/lazy-screen';
import { OnboardingGate } from './routing/onboarding-gate';
import { SignedInOnly } from './routing/signed-in-only';
import { useSignedInSession } from '../lib/session';
import { GlobalNotFound, ShellNotFound } from './screens/not-found';
import { RouteError, ScreenError } from './screens/route-error';
import { FullPageScreenLoader, ScreenLoader } from './screens/screen-loader';
import { AppShellLayout } from './shell/app-shell-layout';

// Each screen's code is fetched when its route is first opened (or a link to it is hovered):
// the first screen shows without the others' code and their libraries (decision 0057).
const LoginPage = lazyScreen(() => import('../features/auth/components/login-page'), 'LoginPage');
const SignUpPage = lazyScreen(
  () => import('../features/auth/components/sign-up-page'),
  'SignUpPage',
);
const JoinTeamPage = lazyScreen(
  () => import('../features/auth/components/join-team-page'),
  'JoinTeamPage',
);
const UpdatePasswordPage = lazyScreen(
  () => import('../features/auth/components/update-password-page'),
  'UpdatePasswordPage',
);
const OnboardingPage = lazyScreen(
  () => import('../features/onboarding/components/onboarding-page'),
  'OnboardingPage',
);
const PendingOnboardingsPage = lazyScreen(
  () => import('../features/onboarding/components/pending-onboardings-page'),
  'PendingOnboardingsPage',
);
const HomePage = lazyScreen(() => import('../features/home/components/home-page'), 'HomePage');
const InventoryPage = lazyScreen(
  () => import('../features/inventory/components/inventory-page'),
  'InventoryPage',
);
const NewItemPage = lazyScreen(
  () => import('../features/item-editor/components/item-editor-page'),
  'NewItemPage',
);
const EditItemPage = lazyScreen(
  () => import('../features/item-editor/components/item-editor-page'),
  'EditItemPage',
);
const LabelsPage = lazyScreen(
  () => import('../features/labels/components/labels-page'),
  'LabelsPage',
);
const RulesPage = lazyScreen(() => import('../features/rules/components/rules-page'), 'RulesPage');
const MarketplacesPage = lazyScreen(
  () => import('../features/marketplaces/components/marketplaces-page'),
  'MarketplacesPage',
);
const ImportPage = lazyScreen(
  () => import('../features/import/components/import-page'),
  'ImportPage',
);
const SalesPage = lazyScreen(
  () => import('../features/sale-detection/components/sales-page'),
  'SalesPage',
);
const PickingListPage = lazyScreen(
  () => import('../features/picking-list/components/picking-list-page'),
  'PickingListPage',
);
const AnalyticsPage = lazyScreen(
  () => import('../features/analytics/components/analytics-page'),
  'AnalyticsPage',
);
const ActivityPage = lazyScreen(
  () => import('../features/activity/components/activity-page'),
  'ActivityPage',
);
const ReportsPage = lazyScreen(
  () => import('../features/reports/components/reports-page'),
  'ReportsPage',
);
const SettingsPage = lazyScreen(
  () => import('../features/settings/components/settings-page'),
  'SettingsPage',
);
const ServiceKeysPage = lazyScreen(
  () => import('../features/service-keys/components/service-keys-page'),
  'ServiceKeysPage',
);
const AccountSettingsPage = lazyScreen(
  () => import('../features/account/components/account-settings-page'),
  'AccountSettingsPage',
);
const WorkflowPage = lazyScreen(
  () => import('../features/workflow/components/workflow-page'),
  'WorkflowPage',
);
const TeamPage = lazyScreen(() => import('../features/team/components/team-page'), 'TeamPage');

/** An unreadable value is dropped rather than failing the route. */
const optionalText = z.string().optional().catch(undefined);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // ?country= picks the edition (spec §1) and follows every navigation of the tab.
  validateSearch: z.object({ country: optionalText }),
  search: { middlewares: [retainSearchParams(['country'])] },
  component: Outlet,
  notFoundComponent: GlobalNotFound,
  errorComponent: RouteError,
  // The first load waits for the first screen's code in place of the whole page, as it waited
  // for the session; the layout routes below do the same.
  pendingComponent: FullPageScreenLoader,
});

// Signed-out pages.
const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  beforeLoad: ({ context }) => guard(context, 'public'),
  component: AuthLayout,
  errorComponent: RouteError,
  pendingComponent: FullPageScreenLoader,
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
  component: withScreens(
    () => (
      <SignedInOnly>
        <FocusLayout>
          <UpdatePasswordPage />
        </FocusLayout>
      </SignedInOnly>
    ),
    UpdatePasswordPage,
  ),
  pendingComponent: () => (
    <FocusLayout>
      <ScreenLoader />
    </FocusLayout>
  ),
  errorComponent: RouteError,
});

// Members through the gate; the onboarding gate decides between /onboarding and the shell.
const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'member',
  beforeLoad: ({ context }) => guard(context, 'member'),
  component: OnboardingGate,
  errorComponent: RouteError,
  pendingComponent: FullPageScreenLoader,
});

const onboardingRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/onboarding',
  component: withScreens(
    () => (
      <FocusLayout width={880}>
        <OnboardingPage />
      </FocusLayout>
    ),
    OnboardingPage,
  ),
  pendingComponent: () => (
    <FocusLayout width={880}>
      <ScreenLoader />
    </FocusLayout>
  ),
  errorComponent: RouteError,
});

const shellRoute = createRoute({
  getParentRoute: () => memberRoute,
  id: 'shell',
  component: AppShellLayout,
  errorComponent: RouteError,
  pendingComponent: FullPageScreenLoader,
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
  component: withScreens(function InventoryRoute() {
    const search = inventoryRoute.useSearch();
    const navigate = inventoryRoute.useNavigate();
    return (
      // Each keystroke of the search replaces the entry: Back leaves the screen, not a letter.
      <InventoryPage
        search={search}
        onSearchChange={(next) => navigate({ search: next, replace: true })}
      />
    );
  }, InventoryPage),
});

const newItemRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/inventory/new',
  component: withScreens(() => <NewItemPage />, NewItemPage, ...itemEditorSlotScreens),
});

const itemRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/inventory/$itemId',
  component: withScreens(
    function ItemRoute() {
      const { itemId } = itemRoute.useParams();
      return <EditItemPage itemId={itemId} />;
    },
    EditItemPage,
    ...itemEditorSlotScreens,
  ),
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
  component: withScreens(function RulesRoute() {
    const search = rulesRoute.useSearch();
    const navigate = rulesRoute.useNavigate();
    return (
      <RulesPage
        search={search}
        onSearchChange={(next) => navigate({ search: next, replace: true })}
      />
    );
  }, RulesPage),
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
  component: withScreens(function SalesRoute() {
    const search = salesRoute.useSearch();
    const navigate = salesRoute.useNavigate();
    return (
      <SalesPage
        search={search}
        onSearchChange={(next) => navigate({ search: next, replace: true })}
      />
    );
  }, SalesPage),
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
  component: withScreens(function AnalyticsRoute() {
    const search = analyticsRoute.useSearch();
    const navigate = analyticsRoute.useNavigate();
    return (
      <AnalyticsPage
        search={search}
        onSearchChange={(next) => navigate({ search: next, replace: true })}
      />
    );
  }, AnalyticsPage),
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
  component: withScreens(function StaffOnboardingsRoute() {
    const session = useSignedInSession();
    return session.accessLevel === 'staff' ? <PendingOnboardingsPage /> : <ShellNotFound />;
  }, PendingOnboardingsPage),
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

/**
 * While a screen's code is on its way after a navigation, the screen on view stays this long
 * before the loading state replaces it, and the loading state then stays at least this long:
 * a quick load changes the screen once, without a flash.
 */
const NAVIGATION_PENDING = { defaultPendingMs: 300, defaultPendingMinMs: 300 };

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // A screen whose code is still on its way shows where it will be, inside the shell. On the
    // first load at once, as there is no screen to keep (the page would stay blank);
    // NAVIGATION_PENDING takes over once the first screen is on view.
    defaultPendingComponent: ScreenLoader,
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    defaultErrorComponent: ScreenError,
    scrollRestoration: true,
  });
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe();
    Object.assign(router.options, NAVIGATION_PENDING);
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
