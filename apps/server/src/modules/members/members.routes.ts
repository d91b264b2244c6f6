import { inviteMemberSchema, updateMemberSchema } from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { idParam, readBody } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { MembersService } from './members.service';

/** Settings > Members: list, invite, change role, deactivate (issue 3). */
export function membersRoutes(service: MembersService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/', permit('members:view'), async (c) => c.json({ data: await service.list(c.get('member')) }))
    .get('/invitations', permit('members:manage'), async (c) =>
      c.json({ data: await service.listInvitations(c.get('member')) }),
    )
    .post('/invitations', permit('members:manage'), async (c) => {
      const member = c.get('member');
      const workspace = member.workspaces.find((w) => w.workspaceId === member.tenantId)!;
      const invitation = await service.invite(
        member,
        await readBody(c, inviteMemberSchema),
        workspace.workspaceName,
      );
      return c.json(invitation, 201);
    })
    .delete('/invitations/:id', permit('members:manage'), async (c) => {
      await service.cancelInvitation(c.get('member'), idParam(c));
      return c.body(null, 204);
    })
    .patch('/:id', permit('members:manage'), async (c) => {
      const input = await readBody(c, updateMemberSchema);
      return c.json(await service.update(c.get('member'), idParam(c), input));
    });
}
