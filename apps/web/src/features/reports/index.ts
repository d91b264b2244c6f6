// What the app shell may use of reports: the screen.
export { ReportsPage } from './pages/reports-page';
