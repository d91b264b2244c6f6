import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import {
  defaultMarketingSettings,
  type MarketingSettings,
  type MarketingSettingsValues,
} from '@atrium/shared';

const { marketingSettings } = schema;

const columns = {
  sendRatePerSecond: marketingSettings.sendRatePerSecond,
  trackPeople: marketingSettings.trackPeople,
  fromName: marketingSettings.fromName,
  fromEmail: marketingSettings.fromEmail,
  postalAddress: marketingSettings.postalAddress,
  version: marketingSettings.version,
};

export const marketingSettingsRepository = {
  /** The workspace's settings, or the defaults (version 1) until first saved. */
  async get(db: Db | Tx, tenantId: string): Promise<MarketingSettings> {
    const [row] = await db
      .select(columns)
      .from(marketingSettings)
      .where(eq(marketingSettings.tenantId, tenantId));
    return row ?? defaultMarketingSettings;
  },

  /**
   * Saves them if they still have `version` (the defaults count as version 1); undefined if not.
   * Two first saves at once: one inserts, the other finds version 2 and gets nothing. A setting
   * left undefined keeps its value (or its default). The rate limit's clock (next_send_at) is the
   * sender's and is left alone.
   */
  async save(
    tx: Tx,
    tenantId: string,
    values: MarketingSettingsValues,
  ): Promise<MarketingSettings | undefined> {
    const { version, ...given } = values;
    const changes = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    const next = { ...changes, version: sql`${marketingSettings.version} + 1` };
    if (version !== defaultMarketingSettings.version) {
      const [row] = await tx
        .update(marketingSettings)
        .set(next)
        .where(and(eq(marketingSettings.tenantId, tenantId), eq(marketingSettings.version, version)))
        .returning(columns);
      return row;
    }
    const { version: _, ...defaults } = defaultMarketingSettings;
    const [row] = await tx
      .insert(marketingSettings)
      .values({ tenantId, ...defaults, ...changes, version: defaultMarketingSettings.version + 1 })
      .onConflictDoUpdate({
        target: marketingSettings.tenantId,
        set: next,
        setWhere: eq(marketingSettings.version, version),
      })
      .returning(columns);
    return row;
  },
};
