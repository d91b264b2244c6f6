export { createPerformanceService, type PerformanceService } from './performance.service';
export { performanceRoutes } from './performance.routes';
