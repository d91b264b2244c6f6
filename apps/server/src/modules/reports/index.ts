export { createReportsService, type ReportsService } from './reports.service';
export { reportsRoutes } from './reports.routes';
export { reportsApi } from './reports.api';
