export { createSchedulingService, schedulingReadRules, type SchedulingService } from './scheduling.service';
export { schedulingRoutes } from './scheduling.routes';
export { schedulingApi } from './scheduling.api';
