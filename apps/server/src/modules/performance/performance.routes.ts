import {
  completeGoalSchema,
  createGoalSchema,
  createReviewSchema,
  goalListQuerySchema,
  performanceAnalyticsQuerySchema,
  performanceExportQuerySchema,
  performanceOverviewQuerySchema,
  performanceStatsQuerySchema,
  reviewListQuerySchema,
  updateGoalSchema,
} from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { streamFile } from '../../platform/exports/exports.routes';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { PerformanceService } from './performance.service';

/**
 * Team > Performance (issue 4, spec 2). performance:view reads — Employees see only their own
 * reviews and goals, and may update the progress of their own goals; performance:manage (Managers,
 * Admins) see everyone and add reviews and goals.
 */
export function performanceRoutes(service: PerformanceService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/overview', permit('performance:view'), async (c) =>
      c.json(await service.overview(c.get('member'), readQuery(c, performanceOverviewQuerySchema))),
    )
    .get('/stats', permit('performance:view'), async (c) =>
      c.json(await service.stats(c.get('member'), readQuery(c, performanceStatsQuerySchema))),
    )
    .get('/analytics', permit('performance:view'), async (c) =>
      c.json(await service.analytics(c.get('member'), readQuery(c, performanceAnalyticsQuerySchema))),
    )
    .get('/reviews', permit('performance:view'), async (c) =>
      c.json(await service.listReviews(c.get('member'), readQuery(c, reviewListQuerySchema))),
    )
    .post('/reviews', permit('performance:manage'), async (c) =>
      c.json(await service.createReview(c.get('member'), await readBody(c, createReviewSchema)), 201),
    )
    .get('/goals', permit('performance:view'), async (c) =>
      c.json(await service.listGoals(c.get('member'), readQuery(c, goalListQuerySchema))),
    )
    .post('/goals', permit('performance:manage'), async (c) =>
      c.json(await service.createGoal(c.get('member'), await readBody(c, createGoalSchema)), 201),
    )
    .patch('/goals/:id', permit('performance:view'), async (c) => {
      const id = idParam(c);
      return c.json(await service.updateGoal(c.get('member'), id, await readBody(c, updateGoalSchema)));
    })
    .post('/goals/:id/complete', permit('performance:view'), async (c) => {
      const id = idParam(c);
      const { version } = await readBody(c, completeGoalSchema);
      return c.json(await service.completeGoal(c.get('member'), id, version));
    })
    .get('/employees/:id/summary', permit('performance:view'), async (c) =>
      c.json(await service.employeeSummary(c.get('member'), idParam(c))),
    )
    .get('/export', permit('performance:view'), async (c) =>
      streamFile(c, service.exportCsv(c.get('member'), readQuery(c, performanceExportQuerySchema))),
    );
}
