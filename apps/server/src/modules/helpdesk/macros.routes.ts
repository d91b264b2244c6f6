import { applyMacroSchema, createMacroSchema, updateMacroSchema } from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { idParam, readBody } from '../../platform/http/request-input';
import type { HelpdeskService } from './helpdesk.service';

/**
 * Macros (issue 21): every agent reads and applies them; helpdesk:manage writes them. Applying one
 * is a ticket edit, under the ticket's own rules (the service).
 */
export function macrosRoutes(service: HelpdeskService) {
  return new Hono<MemberEnv>()
    .get('/macros', permit('helpdesk:view'), async (c) => c.json(await service.listMacros(c.get('member'))))
    .post('/macros', permit('helpdesk:manage'), async (c) =>
      c.json(await service.createMacro(c.get('member'), await readBody(c, createMacroSchema)), 201),
    )
    .patch('/macros/:id', permit('helpdesk:manage'), async (c) => {
      const id = idParam(c);
      return c.json(await service.updateMacro(c.get('member'), id, await readBody(c, updateMacroSchema)));
    })
    .delete('/macros/:id', permit('helpdesk:manage'), async (c) => {
      await service.deleteMacro(c.get('member'), idParam(c));
      return c.body(null, 204);
    })
    .post('/tickets/:id/apply-macro', permit('helpdesk:view'), async (c) => {
      const id = idParam(c);
      return c.json(await service.applyMacro(c.get('member'), id, await readBody(c, applyMacroSchema)));
    });
}
