import {
  bulkDecisionSchema,
  clockInSchema,
  clockOutSchema,
  correctTimeEntrySchema,
  manualTimeEntrySchema,
  payrollExportQuerySchema,
  timeEntryFilterSchema,
  timeEntryListQuerySchema,
} from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { sendExport } from '../../platform/exports/exports.routes';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { TimeEntriesService } from './time-entries.service';

/**
 * Time Tracking (spec 2; issue 4): timesheet, cards, Live Clock, clock in/out on the server clock,
 * approval queue (single and bulk), Manager's manual entries and corrections, payroll export.
 * Everyone who tracks time sees their own entries; time:manage sees and manages everyone's.
 */
export function timeEntriesRoutes(service: TimeEntriesService, platform: Platform) {
  return (
    memberRouter(platform.auth, platform.database.db)
      .get('/', permit('time:track-own'), async (c) =>
        c.json(await service.list(c.get('member'), readQuery(c, timeEntryListQuerySchema))),
      )
      .get('/stats', permit('time:track-own'), async (c) =>
        c.json(await service.stats(c.get('member'), readQuery(c, timeEntryFilterSchema))),
      )
      .get('/live', permit('time:track-own'), async (c) => c.json(await service.live(c.get('member'))))
      .get('/export/payroll', permit('time:manage'), async (c) =>
        sendExport(c, {
          exports: platform.exports,
          permission: 'time:manage',
          source: service.payrollExport(c.get('member'), readQuery(c, payrollExportQuerySchema)),
        }),
      )
      .post('/clock-in', permit('time:track-own'), async (c) =>
        c.json(await service.clockIn(c.get('member'), await readBody(c, clockInSchema)), 201),
      )
      .post('/bulk', permit('time:manage'), async (c) =>
        c.json({ data: await service.decideMany(c.get('member'), await readBody(c, bulkDecisionSchema)) }),
      )
      .post('/', permit('time:manage'), async (c) =>
        c.json(await service.createManual(c.get('member'), await readBody(c, manualTimeEntrySchema)), 201),
      )
      // Static paths above; /:id would otherwise take "stats", "live" and "clock-in".
      .get('/:id', permit('time:track-own'), async (c) =>
        c.json(await service.get(c.get('member'), idParam(c))),
      )
      .patch('/:id', permit('time:manage'), async (c) => {
        const id = idParam(c);
        return c.json(await service.correct(c.get('member'), id, await readBody(c, correctTimeEntrySchema)));
      })
      .post('/:id/clock-out', permit('time:track-own'), async (c) => {
        const id = idParam(c);
        return c.json(await service.clockOut(c.get('member'), id, await readBody(c, clockOutSchema)));
      })
      .post('/:id/approve', permit('time:manage'), async (c) =>
        c.json(await service.decide(c.get('member'), idParam(c), 'approve')),
      )
      .post('/:id/reject', permit('time:manage'), async (c) =>
        c.json(await service.decide(c.get('member'), idParam(c), 'reject')),
      )
  );
}
