import { createTeamSchema, helpdeskSettingsInputSchema, updateTeamSchema } from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { idParam, readBody } from '../../platform/http/request-input';
import type { HelpdeskService } from './helpdesk.service';

/** Support teams and the help desk settings (issue 21): agents read them, helpdesk:manage changes them. */
export function teamsRoutes(service: HelpdeskService) {
  return new Hono<MemberEnv>()
    .get('/teams', permit('helpdesk:view'), async (c) => c.json(await service.listTeams(c.get('member'))))
    .post('/teams', permit('helpdesk:manage'), async (c) =>
      c.json(await service.createTeam(c.get('member'), await readBody(c, createTeamSchema)), 201),
    )
    .patch('/teams/:id', permit('helpdesk:manage'), async (c) => {
      const id = idParam(c);
      return c.json(await service.updateTeam(c.get('member'), id, await readBody(c, updateTeamSchema)));
    })
    .delete('/teams/:id', permit('helpdesk:manage'), async (c) => {
      await service.deleteTeam(c.get('member'), idParam(c));
      return c.body(null, 204);
    })
    .get('/settings', permit('helpdesk:view'), async (c) =>
      c.json(await service.helpdeskSettings(c.get('member'))),
    )
    .put('/settings', permit('helpdesk:manage'), async (c) =>
      c.json(
        await service.saveHelpdeskSettings(c.get('member'), await readBody(c, helpdeskSettingsInputSchema)),
      ),
    );
}
