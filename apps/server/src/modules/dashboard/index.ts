export { createDashboardService, type DashboardService } from './dashboard.service';
export { dashboardRoutes } from './dashboard.routes';
export { dashboardApi } from './dashboard.api';
