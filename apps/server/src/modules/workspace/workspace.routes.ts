import { updateWorkspaceSettingsSchema } from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { readBody } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { WorkspaceService } from './workspace.service';

/** Settings > Workspace: name, time zone, week start, working hours (issue 3, spec 9 defaults). */
export function workspaceRoutes(service: WorkspaceService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/', permit('workspace:view'), async (c) => c.json(await service.get(c.get('member'))))
    .patch('/', permit('settings:manage'), async (c) =>
      c.json(await service.update(c.get('member'), await readBody(c, updateWorkspaceSettingsSchema))),
    );
}
