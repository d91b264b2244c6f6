import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import type { WorkspaceSettingsInput } from '@atrium/shared';

const { workspaces } = schema;

const settingsColumns = {
  id: workspaces.id,
  name: workspaces.name,
  slug: workspaces.slug,
  timeZone: workspaces.timeZone,
  weekStart: workspaces.weekStart,
  workdayStart: workspaces.workdayStart,
  workdayEnd: workspaces.workdayEnd,
  breakMinutes: workspaces.breakMinutes,
  weeklyHours: workspaces.weeklyHours,
  trialEndsAt: workspaces.trialEndsAt,
  version: workspaces.version,
};

export const workspaceRepository = {
  async find(db: Db, tenantId: string) {
    const [row] = await db.select(settingsColumns).from(workspaces).where(eq(workspaces.id, tenantId));
    return row;
  },
  async update(tx: Tx, change: { tenantId: string; version: number; settings: WorkspaceSettingsInput }) {
    const { tenantId, version, settings } = change;
    const [row] = await tx
      .update(workspaces)
      .set({ ...settings, version: sql`${workspaces.version} + 1` })
      .where(and(eq(workspaces.id, tenantId), eq(workspaces.version, version)))
      .returning(settingsColumns);
    return row;
  },
};
