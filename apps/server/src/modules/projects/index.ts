export { projectViewKey, projectVisible, type ProjectScope } from './projects.repository';
export {
  createProjectsService,
  personRef,
  projectEntries,
  projectScopeOf,
  projectsReadRules,
  type ProjectsService,
} from './projects.service';
export { projectsRoutes } from './projects.routes';
