export { visibleProjectsSql, type ProjectScope } from './reports.repository';
export { createReportsService, type ReportsService } from './reports.service';
export { reportsRoutes } from './reports.routes';
