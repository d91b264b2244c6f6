// What the app shell and other features may use of projects: the screen, and the pickers and
// badges a task form or filter needs (a project, one or several employees, tags).
export { ProjectsPage } from './pages/projects-page';
export { ProjectPicker, type PickedProject } from './components/project-picker';
export { EmployeeMultiPicker, EmployeePicker, type PickedPerson } from './components/employee-pickers';
export { TagInput } from './components/tag-input';
export { PriorityDot, ProjectProgressBar, ProjectStatusBadge } from './components/project-badges';
