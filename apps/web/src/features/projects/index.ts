// What the app shell and other features may use of projects: the screen, and the tag input and
// badges a task form or filter needs.
export { ProjectsPage } from './pages/projects-page';
export { TagInput } from './components/tag-input';
export { PriorityDot, ProjectProgressBar, ProjectStatusBadge } from './components/project-badges';
