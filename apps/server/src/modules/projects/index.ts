export { keysetCursor, keysetPage, type KeysetSort } from './keyset.repository';
export { projectVisible, type ProjectScope } from './projects.repository';
export { createProjectsService, personRef, projectScopeOf, type ProjectsService } from './projects.service';
export { projectsRoutes } from './projects.routes';
