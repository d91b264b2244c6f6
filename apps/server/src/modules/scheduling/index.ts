export { createSchedulingService, nameCursor, type SchedulingService } from './scheduling.service';
export { schedulingRoutes } from './scheduling.routes';
