// What the app shell uses of the dashboard: its page and what the page loads before it renders.
export { DashboardPage } from './pages/dashboard-page';
export { loadDashboard } from './api/dashboard.loader';
