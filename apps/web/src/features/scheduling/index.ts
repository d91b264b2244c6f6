// What the app shell may use of scheduling: the screen.
export { SchedulingPage } from './pages/scheduling-page';
