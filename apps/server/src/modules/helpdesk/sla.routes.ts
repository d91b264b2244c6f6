import {
  createBusinessCalendarSchema,
  slaComplianceQuerySchema,
  updateBusinessCalendarSchema,
  updateSlaPolicySchema,
} from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { HelpdeskService } from './helpdesk.service';

/**
 * SLA management (issue 21, /helpdesk/sla): agents read the policies, calendars and compliance;
 * helpdesk:manage changes the policies and calendars.
 */
export function slaRoutes(service: HelpdeskService) {
  return new Hono<MemberEnv>()
    .get('/policies', permit('helpdesk:view'), async (c) =>
      c.json(await service.slaPolicies(c.get('member'))),
    )
    .patch('/policies/:id', permit('helpdesk:manage'), async (c) => {
      const id = idParam(c);
      return c.json(
        await service.updateSlaPolicy(c.get('member'), id, await readBody(c, updateSlaPolicySchema)),
      );
    })
    .get('/calendars', permit('helpdesk:view'), async (c) =>
      c.json(await service.slaCalendars(c.get('member'))),
    )
    .post('/calendars', permit('helpdesk:manage'), async (c) =>
      c.json(
        await service.createSlaCalendar(c.get('member'), await readBody(c, createBusinessCalendarSchema)),
        201,
      ),
    )
    .put('/calendars/:id', permit('helpdesk:manage'), async (c) => {
      const id = idParam(c);
      return c.json(
        await service.updateSlaCalendar(c.get('member'), id, await readBody(c, updateBusinessCalendarSchema)),
      );
    })
    .delete('/calendars/:id', permit('helpdesk:manage'), async (c) => {
      await service.deleteSlaCalendar(c.get('member'), idParam(c));
      return c.body(null, 204);
    })
    .get('/compliance', permit('helpdesk:view'), async (c) =>
      c.json(await service.slaCompliance(c.get('member'), readQuery(c, slaComplianceQuerySchema))),
    );
}
