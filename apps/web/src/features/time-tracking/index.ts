// What the app shell may use of time tracking: the screen itself.
export { TimeTrackingPage } from './pages/time-tracking-page';
