export { createWorkspaceService, workspaceReadRules } from './workspace.service';
export { workspaceRoutes } from './workspace.routes';
export { workspaceApi } from './workspace.api';
