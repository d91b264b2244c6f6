import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import {
  defaultAutoCloseAfterDays,
  defaultReviewAfterMonths,
  type HelpdeskSettings,
  type HelpdeskSettingsValues,
} from '@atrium/shared';

const { helpdeskSettings, supportTeams } = schema;

/** What a workspace that never saved its settings has. */
const defaults: HelpdeskSettings = {
  autoCloseAfterDays: defaultAutoCloseAfterDays,
  roundRobinTeamId: null,
  helpCentreEnabled: true,
  customerSignUp: false,
  reviewAfterMonths: defaultReviewAfterMonths,
  version: 1,
};

const columns = {
  autoCloseAfterDays: helpdeskSettings.autoCloseAfterDays,
  roundRobinTeamId: helpdeskSettings.roundRobinTeamId,
  helpCentreEnabled: helpdeskSettings.helpCentreEnabled,
  customerSignUp: helpdeskSettings.customerSignUp,
  reviewAfterMonths: helpdeskSettings.reviewAfterMonths,
  version: helpdeskSettings.version,
};

export const helpdeskSettingsRepository = {
  /** The workspace's settings, or the defaults (version 1) until first saved. */
  async get(db: Db | Tx, tenantId: string): Promise<HelpdeskSettings> {
    const [row] = await db
      .select(columns)
      .from(helpdeskSettings)
      .where(eq(helpdeskSettings.tenantId, tenantId));
    return row ?? defaults;
  },

  /**
   * Saves them if they still have `version` (the defaults count as version 1); undefined if not.
   * Two first saves at once: one inserts, the other finds version 2 and gets nothing. A setting
   * left undefined keeps its value (or its default).
   */
  async save(
    tx: Tx,
    tenantId: string,
    values: HelpdeskSettingsValues,
  ): Promise<HelpdeskSettings | undefined> {
    const { version, ...changes } = values;
    const next = { ...changes, version: sql`${helpdeskSettings.version} + 1` };
    if (version !== defaults.version) {
      const [row] = await tx
        .update(helpdeskSettings)
        .set(next)
        .where(and(eq(helpdeskSettings.tenantId, tenantId), eq(helpdeskSettings.version, version)))
        .returning(columns);
      return row;
    }
    const [row] = await tx
      .insert(helpdeskSettings)
      .values({ tenantId, ...changes, version: defaults.version + 1 })
      .onConflictDoUpdate({
        target: helpdeskSettings.tenantId,
        set: next,
        setWhere: eq(helpdeskSettings.version, version),
      })
      .returning(columns);
    return row;
  },

  /** A team of the workspace, locked against deletion until the transaction ends. */
  async lockTeam(tx: Tx, tenantId: string, teamId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: supportTeams.id })
      .from(supportTeams)
      .where(and(eq(supportTeams.tenantId, tenantId), eq(supportTeams.id, teamId)))
      .for('key share');
    return row !== undefined;
  },

  /** Turns round-robin off when it used the team (before the team is deleted). */
  async forgetTeam(tx: Tx, tenantId: string, teamId: string) {
    await tx
      .update(helpdeskSettings)
      .set({ roundRobinTeamId: null, version: sql`${helpdeskSettings.version} + 1` })
      .where(and(eq(helpdeskSettings.tenantId, tenantId), eq(helpdeskSettings.roundRobinTeamId, teamId)));
  },
};
