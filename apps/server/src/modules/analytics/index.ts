// The analytics module's door: the profit and analytics screen's figures, read-only.
export { AnalyticsService } from './analytics.service';
