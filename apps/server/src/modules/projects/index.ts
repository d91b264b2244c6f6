export type { ProjectScope } from './project-scope';
export {
  createProjectsService,
  personRef,
  projectEntries,
  projectsReadRules,
  type ProjectsService,
} from './projects.service';
export { projectsRoutes } from './projects.routes';
export { projectsApi } from './projects.api';
