export { createTimeEntriesService, type TimeEntriesService } from './time-entries.service';
export { timeEntriesRoutes } from './time-entries.routes';
