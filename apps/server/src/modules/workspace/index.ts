export { createWorkspaceService, workspaceReadRules, type WorkspaceService } from './workspace.service';
export { workspaceRoutes } from './workspace.routes';
export { workspaceApi } from './workspace.api';
