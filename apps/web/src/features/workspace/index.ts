export { useWorkspaceTimeZone } from './hooks/use-workspace-time-zone';
export { WorkspaceSettingsForm } from './components/workspace-settings-form';
export { workspaceSettingsQueryOptions } from './api/workspace.queries';
