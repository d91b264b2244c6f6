import type { Db } from '@atrium/db';
import {
  allows,
  invitationLifetimeDays,
  type Invitation,
  type InviteMemberInput,
  type Member as MemberView,
  type UpdateMemberInput,
} from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, conflict, notFound, staleVersion } from '../../platform/errors/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { escapeHtml } from '../../platform/rich-text/rich-text';
import { membersRepository } from './members.repository';

type MemberRow = NonNullable<Awaited<ReturnType<typeof membersRepository.find>>>;

const toView = (row: MemberRow): MemberView => ({ ...row, joinedAt: row.joinedAt.toISOString() });

/** Issue 17: entries about members go to those who see the member list; invitations to those who manage them. */
export const membersReadRules = {
  member: { visible: (member) => allows(member, 'members:view') },
  invitation: { visible: (member) => allows(member, 'members:manage') },
} satisfies Pick<ActivityAudience, 'member' | 'invitation'>;

export function createMembersService(deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  const { db } = deps;

  return {
    async list(member: Member): Promise<MemberView[]> {
      return (await membersRepository.list(db, member.tenantId)).map(toView);
    },

    async update(
      member: Member,
      id: string,
      input: UpdateMemberInput & { version: number },
    ): Promise<MemberView> {
      const target = await membersRepository.find(db, member.tenantId, id);
      if (!target) throw notFound('Member');
      if (target.userId === member.userId) {
        throw new AppError('unprocessable', 'You cannot change your own role or deactivate yourself');
      }
      const changes = { role: input.role, status: input.status };
      await db.transaction(async (tx) => {
        const updated = await membersRepository.update(tx, {
          tenantId: member.tenantId,
          id,
          version: input.version,
          changes,
        });
        if (!updated) throw staleVersion();
        // A workspace always keeps someone who can manage it.
        if ((await membersRepository.countActiveAdmins(tx, member.tenantId)) === 0) {
          throw new AppError('unprocessable', 'The workspace needs at least one active admin');
        }
        if (input.status === 'deactivated')
          await membersRepository.endSessionsIn(tx, member.tenantId, target.userId);
        const summary =
          input.status === 'deactivated'
            ? `deactivated ${target.name}`
            : input.status === 'active' && target.status !== 'active'
              ? `reactivated ${target.name}`
              : `changed ${target.name}'s role to ${input.role}`;
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: input.status === 'deactivated' ? 'deactivated' : 'updated',
          entityType: 'member',
          entityId: id,
          summary,
          data: { before: { role: target.role, status: target.status }, after: changes },
        });
      });
      return toView((await membersRepository.find(db, member.tenantId, id))!);
    },

    async listInvitations(member: Member): Promise<Invitation[]> {
      const rows = await membersRepository.listPendingInvitations(db, member.tenantId);
      return rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() }));
    },

    /** Invites by email with a role; the link goes out through the mailer (outbox or SMTP). */
    async invite(
      member: Member,
      // The name, when known (a help desk customer), greets them.
      input: InviteMemberInput & { email: string; name?: string },
      workspaceName: string,
    ): Promise<Invitation> {
      const existing = await membersRepository.findByEmail(db, member.tenantId, input.email);
      if (existing?.status === 'active') {
        throw conflict('This person is already a member', { email: 'Already a member of this workspace' });
      }
      const invitation = await db.transaction(async (tx) => {
        // A new invitation replaces an unanswered one: only the latest link works.
        await membersRepository.cancelPendingFor(tx, member.tenantId, input.email);
        const created = await membersRepository.insertInvitation(tx, {
          organizationId: member.tenantId,
          email: input.email,
          role: input.role,
          inviterId: member.userId,
          expiresAt: new Date(Date.now() + invitationLifetimeDays * 86_400_000),
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'invited',
          entityType: 'invitation',
          entityId: created.id,
          summary: `invited ${input.email} as ${input.role}`,
        });
        return created;
      });
      const link = `${deps.publicUrl}/invite/${invitation.id}`;
      await deps.mailer.send({
        tenantId: member.tenantId,
        to: input.email,
        subject: `${member.name} invited you to ${workspaceName} on Atrium`,
        text: [
          ...(input.name ? [`Hello ${input.name},`, ''] : []),
          `${member.name} invited you to join ${workspaceName} on Atrium as ${input.role}.`,
          '',
          `Accept the invitation: ${link}`,
          '',
          `The link works for ${invitationLifetimeDays} days.`,
        ].join('\n'),
        html: `${input.name ? `<p>Hello ${escapeHtml(input.name)},</p>` : ''}<p>${escapeHtml(member.name)} invited you to join <b>${escapeHtml(workspaceName)}</b> on Atrium as ${input.role}.</p><p><a href="${link}">Accept the invitation</a></p><p>The link works for ${invitationLifetimeDays} days.</p>`,
      });
      return {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        status: invitation.status,
        expiresAt: invitation.expiresAt.toISOString(),
        invitedBy: member.name,
      };
    },

    async cancelInvitation(member: Member, id: string) {
      if (!(await membersRepository.cancelInvitation(db, member.tenantId, id))) throw notFound('Invitation');
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
