// The dashboard module's door: the home screen's one read, gathered from the other modules'
// services, and the port the picking list answers through.
export {
  DashboardService,
  DASHBOARD_LIMITS,
  SECTION_PERMISSIONS,
  type DashboardDeps,
  type OrdersToPack,
} from './dashboard.service';
