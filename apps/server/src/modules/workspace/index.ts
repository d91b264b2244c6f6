export { createWorkspaceService } from './workspace.service';
export { workspaceRoutes } from './workspace.routes';
