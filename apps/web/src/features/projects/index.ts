// What the app shell and other features may use of projects: the screen, and the badges a task
// form or a report needs.
export { ProjectsPage } from './pages/projects-page';
export { PriorityDot, ProjectProgressBar, ProjectStatusBadge } from './components/project-badges';
