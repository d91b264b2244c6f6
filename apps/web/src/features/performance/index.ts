// What the app shell may use of performance: the screen.
export { PerformancePage } from './pages/performance-page';
