export { createHelpdeskService, helpdeskReadRules, type HelpdeskService } from './helpdesk.service';
export { helpdeskRoutes } from './helpdesk.routes';
export { helpdeskApi } from './helpdesk.api';
