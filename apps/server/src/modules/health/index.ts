export { healthRoutes } from './health.routes';
export { HealthService, type Liveness, type Readiness } from './health.service';
