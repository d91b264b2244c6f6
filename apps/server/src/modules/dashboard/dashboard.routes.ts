import { memberRouter, permit } from '../../platform/auth/member-context';
import type { Platform } from '../../platform/platform';
import type { DashboardService } from './dashboard.service';

/** The Dashboard (spec 2): KPI cards, Upcoming Tasks and Project Progress in one read. */
export function dashboardRoutes(service: DashboardService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db).get('/', permit('dashboard:view'), async (c) =>
    c.json(await service.dashboard(c.get('member'))),
  );
}
