export {
  createPerformanceService,
  performanceReadRules,
  type PerformanceService,
} from './performance.service';
export { performanceRoutes } from './performance.routes';
