import {
  bulkTicketSchema,
  createTicketMessageSchema,
  createTicketSchema,
  mergeTicketSchema,
  ticketListQuerySchema,
  updateTicketSchema,
} from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { HelpdeskService } from './helpdesk.service';
import { macrosRoutes } from './macros.routes';
import { overviewRoutes } from './overview.routes';
import { slaRoutes } from './sla.routes';
import { teamsRoutes } from './teams.routes';
import { createTicketPresence } from './ticket-presence.service';

/**
 * Help desk, the agent's side (issue 21): the ticket queue (views, filters, search, keyset pages),
 * the ticket page, entering a ticket, the side panel, replies and internal notes, and bulk actions.
 * Agents hold helpdesk:view; giving a ticket to someone else needs helpdesk:manage (the service).
 */
export function helpdeskRoutes(service: HelpdeskService, platform: Platform) {
  // Its memory of recent announcements is this process's, kept as long as the routes are.
  const presence = createTicketPresence(platform.database.db);
  return (
    memberRouter(platform.auth, platform.database.db)
      // The overview, macros, teams and settings, under this router's member check.
      .route('/', overviewRoutes(service))
      .route('/', macrosRoutes(service))
      .route('/', teamsRoutes(service))
      .route('/sla', slaRoutes(service))
      .get('/tickets', permit('helpdesk:view'), async (c) =>
        c.json(await service.list(c.get('member'), readQuery(c, ticketListQuerySchema))),
      )
      .post('/tickets', permit('helpdesk:view'), async (c) =>
        c.json(await service.create(c.get('member'), await readBody(c, createTicketSchema)), 201),
      )
      .post('/tickets/bulk', permit('helpdesk:view'), async (c) =>
        c.json(await service.bulk(c.get('member'), await readBody(c, bulkTicketSchema))),
      )
      // Static paths above; /tickets/:id would otherwise take "bulk".
      .get('/tickets/:id', permit('helpdesk:view'), async (c) =>
        c.json(await service.get(c.get('member'), idParam(c))),
      )
      .patch('/tickets/:id', permit('helpdesk:view'), async (c) => {
        const id = idParam(c);
        return c.json(await service.update(c.get('member'), id, await readBody(c, updateTicketSchema)));
      })
      .post('/tickets/:id/messages', permit('helpdesk:view'), async (c) => {
        const id = idParam(c);
        return c.json(
          await service.addMessage(c.get('member'), id, await readBody(c, createTicketMessageSchema)),
          201,
        );
      })
      // "Someone else is replying" (issue 21): told to the other agents' event streams, kept nowhere.
      .post('/tickets/:id/replying', permit('helpdesk:view'), async (c) => {
        await presence.replying(c.get('member'), idParam(c));
        return c.body(null, 204);
      })
      .get('/tickets/:id/activity', permit('helpdesk:view'), async (c) =>
        c.json(await service.activity(c.get('member'), idParam(c))),
      )
      .post('/tickets/:id/merge', permit('helpdesk:view'), async (c) => {
        const id = idParam(c);
        const { intoTicketId } = await readBody(c, mergeTicketSchema);
        return c.json(await service.merge(c.get('member'), id, intoTicketId));
      })
  );
}
