export { createReportsService, type ReportsService } from './reports.service';
export { reportsRoutes } from './reports.routes';
