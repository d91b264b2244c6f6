import { gettingStartedInputSchema } from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { readBody } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { DashboardService } from './dashboard.service';

/**
 * The Dashboard (spec 2): KPI cards, Upcoming Tasks and Project Progress in one read; and for Admins
 * the new workspace's getting-started checklist (issue 20).
 */
export function dashboardRoutes(service: DashboardService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/', permit('dashboard:view'), async (c) => c.json(await service.dashboard(c.get('member'))))
    .get('/getting-started', permit('settings:manage'), async (c) =>
      c.json(await service.gettingStarted(c.get('member'))),
    )
    .put('/getting-started', permit('settings:manage'), async (c) => {
      const { dismissed } = await readBody(c, gettingStartedInputSchema);
      return c.json(await service.setGettingStartedDismissed(c.get('member'), dismissed));
    });
}
