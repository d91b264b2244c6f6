export { createWorkspaceService, workspaceReadRules } from './workspace.service';
export { workspaceRoutes } from './workspace.routes';
