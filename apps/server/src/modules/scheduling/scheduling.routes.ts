import {
  applyTemplateSchema,
  copyWeekSchema,
  createShiftSchema,
  updateShiftSchema,
  weekQuerySchema,
  weekStatsQuerySchema,
} from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { SchedulingService } from './scheduling.service';

/**
 * Team > Scheduling (issue 4, spec 2): the week view for everyone with schedule:view (staff see the
 * team schedule read-only); shifts, templates and Copy Schedule for schedule:manage.
 */
export function schedulingRoutes(service: SchedulingService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/week', permit('schedule:view'), async (c) =>
      c.json(await service.week(c.get('member'), readQuery(c, weekQuerySchema))),
    )
    .get('/week/stats', permit('schedule:view'), async (c) =>
      c.json(await service.weekStats(c.get('member'), readQuery(c, weekStatsQuerySchema))),
    )
    .post('/shifts', permit('schedule:manage'), async (c) =>
      c.json(await service.createShift(c.get('member'), await readBody(c, createShiftSchema)), 201),
    )
    .patch('/shifts/:id', permit('schedule:manage'), async (c) => {
      const id = idParam(c);
      return c.json(await service.updateShift(c.get('member'), id, await readBody(c, updateShiftSchema)));
    })
    .delete('/shifts/:id', permit('schedule:manage'), async (c) => {
      await service.deleteShift(c.get('member'), idParam(c));
      return c.body(null, 204);
    })
    .get('/templates', permit('schedule:view'), async (c) => c.json(await service.templates(c.get('member'))))
    .post('/templates/apply', permit('schedule:manage'), async (c) =>
      c.json(await service.applyTemplate(c.get('member'), await readBody(c, applyTemplateSchema))),
    )
    .post('/copy-week/preview', permit('schedule:manage'), async (c) =>
      c.json(await service.copyWeekPreview(c.get('member'), await readBody(c, copyWeekSchema))),
    )
    .post('/copy-week', permit('schedule:manage'), async (c) =>
      c.json(await service.copyWeek(c.get('member'), await readBody(c, copyWeekSchema))),
    );
}
