import { and, desc, eq, ilike, lt, or } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import { containsPattern, searchWords, type SuppressionReason } from '@atrium/shared';
import { violatesUnique } from '../../platform/db/results';

const { emailSuppressions, campaigns, employees } = schema;

export type SuppressionRow = {
  id: string;
  email: string;
  reason: SuppressionReason;
  detail: string;
  campaignId: string | null;
  campaignName: string | null;
  createdById: string | null;
  createdByFirstName: string | null;
  createdByLastName: string | null;
  createdAt: Date;
};

export type NewSuppression = {
  tenantId: string;
  /** Lower case: the table refuses anything else. */
  email: string;
  reason: SuppressionReason;
  campaignId?: string | null;
  detail?: string;
  createdBy?: string | null;
};

const columns = {
  id: emailSuppressions.id,
  email: emailSuppressions.email,
  reason: emailSuppressions.reason,
  detail: emailSuppressions.detail,
  campaignId: emailSuppressions.campaignId,
  campaignName: campaigns.name,
  createdById: emailSuppressions.createdBy,
  createdByFirstName: employees.firstName,
  createdByLastName: employees.lastName,
  createdAt: emailSuppressions.createdAt,
};

function withNames(db: Db | Tx) {
  return db
    .select(columns)
    .from(emailSuppressions)
    .leftJoin(
      campaigns,
      and(eq(campaigns.tenantId, emailSuppressions.tenantId), eq(campaigns.id, emailSuppressions.campaignId)),
    )
    .leftJoin(
      employees,
      and(eq(employees.tenantId, emailSuppressions.tenantId), eq(employees.id, emailSuppressions.createdBy)),
    );
}

export const suppressionsRepository = {
  /** The list, newest first (email_suppressions_created_idx), after `before` when given. */
  list(
    db: Db,
    tenantId: string,
    query: {
      q?: string | undefined;
      reason?: SuppressionReason | undefined;
      limit: number;
      before?: { createdAt: Date; id: string } | undefined;
    },
  ): Promise<SuppressionRow[]> {
    const { before } = query;
    return withNames(db)
      .where(
        and(
          eq(emailSuppressions.tenantId, tenantId),
          ...searchWords(query.q).map((word) => ilike(emailSuppressions.email, containsPattern(word))),
          query.reason && eq(emailSuppressions.reason, query.reason),
          before
            ? or(
                lt(emailSuppressions.createdAt, before.createdAt),
                and(eq(emailSuppressions.createdAt, before.createdAt), lt(emailSuppressions.id, before.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(emailSuppressions.createdAt), desc(emailSuppressions.id))
      .limit(query.limit);
  },

  async find(db: Db | Tx, tenantId: string, id: string): Promise<SuppressionRow | undefined> {
    const [row] = await withNames(db).where(
      and(eq(emailSuppressions.tenantId, tenantId), eq(emailSuppressions.id, id)),
    );
    return row;
  },

  /** The new row's id; throws on an address already listed (isDuplicate tells). */
  async insert(tx: Tx, values: NewSuppression): Promise<string> {
    const [row] = await tx.insert(emailSuppressions).values(values).returning({ id: emailSuppressions.id });
    return row!.id;
  },

  /**
   * Puts the address on the list unless it is there already (the first reason stays): mail that
   * comes back twice, or an unsubscribe after a bounce, changes nothing. True when it was added.
   */
  async suppress(tx: Db | Tx, values: NewSuppression): Promise<boolean> {
    const rows = await tx
      .insert(emailSuppressions)
      .values(values)
      .onConflictDoNothing({ target: [emailSuppressions.tenantId, emailSuppressions.email] })
      .returning({ id: emailSuppressions.id });
    return rows.length > 0;
  },

  async delete(tx: Tx, tenantId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(emailSuppressions)
      .where(and(eq(emailSuppressions.tenantId, tenantId), eq(emailSuppressions.id, id)))
      .returning({ id: emailSuppressions.id });
    return rows.length > 0;
  },

  isDuplicate: (error: unknown) => violatesUnique(error, 'email_suppressions_email_unique'),
};
