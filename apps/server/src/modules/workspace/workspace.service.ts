import type { Db } from '@atrium/db';
import { allows, type Workday, type WorkspaceSettings, type WorkspaceSettingsInput } from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { notFound, staleVersion } from '../../platform/errors/app-error';
import { workspaceRepository } from './workspace.repository';

type Row = NonNullable<Awaited<ReturnType<typeof workspaceRepository.find>>>;

// time columns read back as HH:MM:SS; the API speaks HH:MM.
const toView = (row: Row): WorkspaceSettings => ({
  ...row,
  workdayStart: row.workdayStart.slice(0, 5),
  workdayEnd: row.workdayEnd.slice(0, 5),
  trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
});

/** Issue 17: those who read the workspace's settings (not customers) hear of their changes. */
export const workspaceReadRules = {
  workspace: { visible: (member) => allows(member, 'workspace:view') },
} satisfies Pick<ActivityAudience, 'workspace'>;

export function createWorkspaceService({ db }: { db: Db }) {
  return {
    async get(member: Member): Promise<WorkspaceSettings> {
      const row = await workspaceRepository.find(db, member.tenantId);
      if (!row) throw notFound('Workspace');
      return toView(row);
    },
    /** The working day shifts are planned from (schedule templates); any member's service may ask. */
    async workday(member: Member): Promise<Workday> {
      const row = await workspaceRepository.find(db, member.tenantId);
      if (!row) throw notFound('Workspace');
      const { workdayStart, workdayEnd, breakMinutes } = toView(row);
      return { start: workdayStart, end: workdayEnd, breakMinutes };
    },
    async update(
      member: Member,
      input: WorkspaceSettingsInput & { version: number },
    ): Promise<WorkspaceSettings> {
      const { version, ...settings } = input;
      return db.transaction(async (tx) => {
        const row = await workspaceRepository.update(tx, { tenantId: member.tenantId, version, settings });
        if (!row) throw staleVersion();
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'updated',
          entityType: 'workspace',
          entityId: member.tenantId,
          summary: 'updated the workspace settings',
          data: settings,
        });
        return toView(row);
      });
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
