export {
  createPerformanceService,
  performanceReadRules,
  type PerformanceService,
} from './performance.service';
export { performanceRoutes } from './performance.routes';
export { performanceApi } from './performance.api';
