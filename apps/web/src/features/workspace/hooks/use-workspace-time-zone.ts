import { useQuery } from '@tanstack/react-query';
import { workspaceSettingsQueryOptions } from '../api/workspace.queries';

/** Dates are shown in the workspace time zone (ARCHITECTURE.md, "Conventions"); undefined until known. */
export function useWorkspaceTimeZone(): string | undefined {
  return useQuery({ ...workspaceSettingsQueryOptions(), select: (settings) => settings.timeZone }).data;
}
