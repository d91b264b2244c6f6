export {
  createTimeEntriesService,
  timeEntriesReadRules,
  type TimeEntriesService,
} from './time-entries.service';
export { timeEntriesRoutes } from './time-entries.routes';
export { timeEntriesApi } from './time-entries.api';
