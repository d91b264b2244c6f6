import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import type { CampaignContent, CampaignSendStatus, CampaignStatus, SegmentRules } from '@atrium/shared';
import { rowsOf } from '../../platform/db/results';
import { leadMatchesRules } from './segments.repository';

const { campaigns, campaignSegments, campaignSends, emailSuppressions, leadSegments, leads } = schema;
const { marketingSettings, workspaces } = schema;

export type SendingCampaign = {
  id: string;
  name: string;
  type: string;
  status: CampaignStatus;
  version: number;
  content: CampaignContent | null;
  fromName: string | null;
  fromEmail: string | null;
  createdBy: string | null;
  startsAt: Date | null;
  failureStreak: number;
  recipients: number;
  sent: number;
  sendingStartedAt: Date | null;
  completedAt: Date | null;
  pausedReason: string | null;
};

/** One claimed send, with what the merge tags read of its lead. */
export type ClaimedSend = {
  id: string;
  leadId: string;
  email: string;
  attempts: number;
  firstName: string;
  lastName: string;
  company: string | null;
  jobTitle: string | null;
};

export type SendingSettings = {
  sendRatePerSecond: number | null;
  trackPeople: boolean;
  fromName: string | null;
  fromEmail: string | null;
  postalAddress: string;
};

const campaignColumns = {
  id: campaigns.id,
  name: campaigns.name,
  type: campaigns.type,
  status: campaigns.status,
  version: campaigns.version,
  content: campaigns.content,
  fromName: campaigns.fromName,
  fromEmail: campaigns.fromEmail,
  createdBy: campaigns.createdBy,
  startsAt: campaigns.startsAt,
  failureStreak: campaigns.failureStreak,
  recipients: campaigns.recipients,
  sent: campaigns.sent,
  sendingStartedAt: campaigns.sendingStartedAt,
  completedAt: campaigns.completedAt,
  pausedReason: campaigns.pausedReason,
};

const ofCampaign = (tenantId: string, campaignId: string) =>
  and(eq(campaignSends.tenantId, tenantId), eq(campaignSends.campaignId, campaignId));

/** The leads of a campaign's audience: those any of its segments matches; nobody without segments. */
export const audienceOf = (segments: readonly SegmentRules[], options: { timeZone: string }): SQL =>
  or(...segments.map((rules) => leadMatchesRules(rules, options))) ?? sql`false`;

export const sendingRepository = {
  async campaign(db: Db | Tx, tenantId: string, id: string): Promise<SendingCampaign | undefined> {
    const [row] = await db
      .select(campaignColumns)
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
    return row;
  },

  /** The campaign, locked until the transaction ends: status changes are made one at a time. */
  async lockCampaign(tx: Tx, tenantId: string, id: string): Promise<SendingCampaign | undefined> {
    const [row] = await tx
      .select(campaignColumns)
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)))
      .for('update');
    return row;
  },

  /** A status change made by sending; the version moves, so a screen's stale pause is told so. */
  async setCampaign(
    tx: Db | Tx,
    tenantId: string,
    id: string,
    values: Partial<{
      status: CampaignStatus;
      startsAt: Date | null;
      sendingStartedAt: Date | null;
      completedAt: Date | null;
      pausedReason: string | null;
      recipients: number;
      failureStreak: number;
    }>,
  ): Promise<void> {
    await tx
      .update(campaigns)
      .set({ ...values, version: sql`${campaigns.version} + 1` })
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
  },

  async segmentRules(db: Db | Tx, tenantId: string, campaignId: string): Promise<SegmentRules[]> {
    const rows = await db
      .select({ rules: leadSegments.rules })
      .from(campaignSegments)
      .innerJoin(
        leadSegments,
        and(
          eq(leadSegments.tenantId, campaignSegments.tenantId),
          eq(leadSegments.id, campaignSegments.segmentId),
        ),
      )
      .where(and(eq(campaignSegments.tenantId, tenantId), eq(campaignSegments.campaignId, campaignId)));
    return rows.map((row) => row.rules);
  },

  async workspace(db: Db | Tx, tenantId: string) {
    const [row] = await db
      .select({ name: workspaces.name, slug: workspaces.slug, timeZone: workspaces.timeZone })
      .from(workspaces)
      .where(eq(workspaces.id, tenantId));
    return row!;
  },

  /** The workspace's marketing settings; the table's defaults while it has saved none. */
  async settings(db: Db | Tx, tenantId: string): Promise<SendingSettings> {
    await db.insert(marketingSettings).values({ tenantId }).onConflictDoNothing();
    const [row] = await db
      .select({
        sendRatePerSecond: marketingSettings.sendRatePerSecond,
        trackPeople: marketingSettings.trackPeople,
        fromName: marketingSettings.fromName,
        fromEmail: marketingSettings.fromEmail,
        postalAddress: marketingSettings.postalAddress,
      })
      .from(marketingSettings)
      .where(eq(marketingSettings.tenantId, tenantId));
    return row!;
  },

  /**
   * A send for every lead the audience matches (a lead in two segments once), in one statement.
   * Addresses on the suppression list get a send marked suppressed: the campaign's page shows who
   * was left out and why.
   */
  async createSends(
    tx: Tx,
    tenantId: string,
    campaignId: string,
    audience: SQL,
  ): Promise<{ queued: number; suppressed: number }> {
    const result = await tx.execute(sql`
      with made as (
        insert into ${campaignSends} (tenant_id, campaign_id, lead_id, email, status)
        select ${leads.tenantId}, ${campaignId}, ${leads.id}, lower(${leads.email}),
          case when exists (
            select 1 from ${emailSuppressions} s
            where s.tenant_id = ${leads.tenantId} and s.email = lower(${leads.email})
          ) then 'suppressed' else 'queued' end
        from ${leads}
        where ${leads.tenantId} = ${tenantId} and (${audience})
        on conflict do nothing
        returning status
      )
      select count(*) filter (where status = 'queued')::int as queued,
        count(*) filter (where status = 'suppressed')::int as suppressed
      from made`);
    return rowsOf<{ queued: number; suppressed: number }>(result)[0]!;
  },

  /**
   * A new campaign's sends are unknown to the planner's statistics until autovacuum samples the
   * table again, which on a large table may be long after the campaign ends: estimating one row,
   * it joined all of them before taking a page of recipients (70 ms at 10,000 instead of 1).
   * Sampled here, in the transaction that made them, which ANALYZE counts as live.
   */
  async sampleSends(tx: Tx): Promise<void> {
    await tx.execute(sql`analyze ${campaignSends}`);
  },

  /**
   * Messages a process was handing over when it stopped (their claim's lease ran out): the mail
   * server may have taken them, so they are never sent again on their own (ADR 034). What it had
   * claimed but not handed over is simply claimed again.
   */
  async giveUpExpiredClaims(db: Db, tenantId: string, campaignId: string): Promise<number> {
    const rows = await db
      .update(campaignSends)
      .set({
        status: 'unconfirmed',
        claimedUntil: null,
        error: 'The sending process stopped while handing this message to the mail server',
      })
      .where(
        and(
          ofCampaign(tenantId, campaignId),
          eq(campaignSends.status, 'sending'),
          sql`${campaignSends.claimedUntil} < clock_timestamp()`,
        ),
      )
      .returning({ id: campaignSends.id });
    return rows.length;
  },

  /**
   * The next sends, claimed in a committed statement before any of them goes out: another process
   * skips them (SKIP LOCKED, then the lease) until the lease runs out. A claim alone sends nothing:
   * each message is handed over (handOver) just before it goes to the mail server.
   */
  async claim(
    db: Db,
    tenantId: string,
    campaignId: string,
    size: number,
    leaseSeconds: number,
  ): Promise<ClaimedSend[]> {
    const result = await db.execute(sql`
      update ${campaignSends} s
      set claimed_until = clock_timestamp() + ${leaseSeconds} * interval '1 second'
      from (
        select id from ${campaignSends}
        where tenant_id = ${tenantId} and campaign_id = ${campaignId} and status = 'queued'
          and (not_before is null or not_before <= clock_timestamp())
          and (claimed_until is null or claimed_until < clock_timestamp())
        order by id
        limit ${size}
        for update skip locked
      ) picked, ${leads} l
      where s.tenant_id = ${tenantId} and s.id = picked.id
        and l.tenant_id = s.tenant_id and l.id = s.lead_id
      returning s.id, s.lead_id as "leadId", s.email, s.attempts, l.first_name as "firstName",
        l.last_name as "lastName", l.company, l.job_title as "jobTitle"`);
    return rowsOf<ClaimedSend>(result);
  },

  /**
   * The message goes to the mail server now: from here until its outcome is written, a stop of
   * this process leaves it in doubt. Null when it must not go: the send is no longer queued, or
   * the campaign was paused or cancelled meanwhile (so a pause stops within one message).
   */
  async handOver(
    db: Db,
    tenantId: string,
    campaignId: string,
    sendId: string,
  ): Promise<{ attempts: number } | null> {
    const [row] = await db
      .update(campaignSends)
      .set({ status: 'sending', attempts: sql`${campaignSends.attempts} + 1` })
      .where(
        and(
          eq(campaignSends.tenantId, tenantId),
          eq(campaignSends.id, sendId),
          eq(campaignSends.status, 'queued'),
          sql`exists (select 1 from ${campaigns} c
            where c.tenant_id = ${tenantId} and c.id = ${campaignId} and c.status = 'active')`,
        ),
      )
      .returning({ attempts: campaignSends.attempts });
    return row ?? null;
  },

  /** Claims of a batch not handed over (the campaign paused or cancelled meanwhile) end at once. */
  async releaseClaims(db: Db, tenantId: string, sendIds: readonly string[]): Promise<void> {
    if (sendIds.length === 0) return;
    await db
      .update(campaignSends)
      .set({ claimedUntil: null })
      .where(
        and(
          eq(campaignSends.tenantId, tenantId),
          inArray(campaignSends.id, [...sendIds]),
          eq(campaignSends.status, 'queued'),
        ),
      );
  },

  /** Of these claimed sends, those whose address was suppressed since the campaign started. */
  async dropSuppressed(db: Db, tenantId: string, sendIds: readonly string[]): Promise<Set<string>> {
    if (sendIds.length === 0) return new Set();
    const rows = await db
      .update(campaignSends)
      .set({ status: 'suppressed', claimedUntil: null })
      .where(
        and(
          eq(campaignSends.tenantId, tenantId),
          inArray(campaignSends.id, [...sendIds]),
          sql`exists (select 1 from ${emailSuppressions} s
            where s.tenant_id = ${campaignSends.tenantId} and s.email = ${campaignSends.email})`,
        ),
      )
      .returning({ id: campaignSends.id });
    return new Set(rows.map((row) => row.id));
  },

  /** The outcome of one claimed send, written as soon as the mail server answered. */
  async settle(
    db: Db,
    tenantId: string,
    sendId: string,
    outcome:
      | { status: 'sent' }
      | { status: 'queued'; retryInSeconds: number; error: string }
      | { status: 'failed' | 'bounced'; error: string },
  ): Promise<void> {
    await db
      .update(campaignSends)
      .set({
        status: outcome.status,
        claimedUntil: null,
        error: outcome.status === 'sent' ? null : outcome.error,
        ...(outcome.status === 'sent' && { sentAt: sql`clock_timestamp()` }),
        ...(outcome.status === 'queued' && {
          notBefore: sql`clock_timestamp() + ${outcome.retryInSeconds} * interval '1 second'`,
        }),
      })
      .where(
        and(
          eq(campaignSends.tenantId, tenantId),
          eq(campaignSends.id, sendId),
          eq(campaignSends.status, 'sending'),
        ),
      );
  },

  /**
   * Books `count` consecutive slots of the workspace's rate in one statement on one row, so all
   * processes together keep it: the answer is when the first slot starts, each next one 1/rate
   * seconds later. Null when the workspace sends without a limit.
   */
  async bookSlots(db: Db, tenantId: string, count: number): Promise<{ start: Date; rate: number } | null> {
    const [row] = await db
      .update(marketingSettings)
      .set({
        nextSendAt: sql`greatest(coalesce(${marketingSettings.nextSendAt}, clock_timestamp()), clock_timestamp())
          + (${count}::float8 / ${marketingSettings.sendRatePerSecond}) * interval '1 second'`,
      })
      .where(
        and(
          eq(marketingSettings.tenantId, tenantId),
          sql`${marketingSettings.sendRatePerSecond} is not null`,
        ),
      )
      .returning({ end: marketingSettings.nextSendAt, rate: marketingSettings.sendRatePerSecond });
    if (!row?.end || !row.rate) return null;
    return { start: new Date(row.end.getTime() - (count / row.rate) * 1000), rate: row.rate };
  },

  /**
   * The campaign's counters, counted from its sends (the one source): handed over, delivered,
   * bounced, failed; and the failures in a row so far.
   */
  async refreshCounters(db: Db, tenantId: string, campaignId: string, failureStreak: number) {
    await db.execute(sql`
      update ${campaigns} c
      set sent = x.sent, delivered = x.delivered, bounced = x.bounced, failed = x.failed,
        failure_streak = ${failureStreak}
      from (
        select count(*) filter (where sent_at is not null)::int as sent,
          count(*) filter (where status = 'sent')::int as delivered,
          count(*) filter (where status = 'bounced')::int as bounced,
          count(*) filter (where status = 'failed')::int as failed
        from ${campaignSends}
        where tenant_id = ${tenantId} and campaign_id = ${campaignId}
      ) x
      where c.tenant_id = ${tenantId} and c.id = ${campaignId}`);
  },

  /** How many of the campaign's sends are at each status. */
  async counts(db: Db | Tx, tenantId: string, campaignId: string) {
    const rows = await db
      .select({ status: campaignSends.status, count: sql<number>`count(*)::int` })
      .from(campaignSends)
      .where(ofCampaign(tenantId, campaignId))
      .groupBy(campaignSends.status);
    return Object.fromEntries(rows.map((row) => [row.status, row.count])) as Partial<
      Record<CampaignSendStatus, number>
    >;
  },

  /** When the earliest retry or claim of the campaign comes due: the next run waits for it. */
  async nextDue(db: Db | Tx, tenantId: string, campaignId: string): Promise<Date | null> {
    const [row] = await db
      .select({
        at: sql<Date | null>`min(coalesce(greatest(${campaignSends.notBefore}, ${campaignSends.claimedUntil}), clock_timestamp()))`.mapWith(
          (value: string | null) => (value === null ? null : new Date(value)),
        ),
      })
      .from(campaignSends)
      .where(and(ofCampaign(tenantId, campaignId), inArray(campaignSends.status, ['queued', 'sending'])));
    return row?.at ?? null;
  },

  /** Sends not yet claimed (or waiting for a retry) of a cancelled campaign never go out. */
  async cancelQueued(tx: Tx, tenantId: string, campaignId: string): Promise<void> {
    await tx
      .update(campaignSends)
      .set({ status: 'cancelled', notBefore: null })
      .where(and(ofCampaign(tenantId, campaignId), eq(campaignSends.status, 'queued')));
  },

  /** Unconfirmed sends go back in the queue: the campaign's owner chose to send them again. */
  async requeueUnconfirmed(tx: Tx, tenantId: string, campaignId: string): Promise<number> {
    const rows = await tx
      .update(campaignSends)
      .set({ status: 'queued', error: null, notBefore: null })
      .where(and(ofCampaign(tenantId, campaignId), eq(campaignSends.status, 'unconfirmed')))
      .returning({ id: campaignSends.id });
    return rows.length;
  },

  /** Campaigns with messages still to send, in every workspace: a starting process picks them up. */
  async activeCampaigns(db: Db): Promise<{ tenantId: string; campaignId: string }[]> {
    return db
      .select({ tenantId: campaigns.tenantId, campaignId: campaigns.id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.status, 'active'),
          sql`exists (select 1 from ${campaignSends} s where s.tenant_id = ${campaigns.tenantId}
            and s.campaign_id = ${campaigns.id} and s.status in ('queued', 'sending'))`,
        ),
      );
  },

  /** A lead to fill a preview's or a test's merge tags from. */
  async lead(db: Db, tenantId: string, leadId: string) {
    const [row] = await db
      .select({
        id: leads.id,
        email: leads.email,
        firstName: leads.firstName,
        lastName: leads.lastName,
        company: leads.company,
        jobTitle: leads.jobTitle,
      })
      .from(leads)
      .where(and(eq(leads.tenantId, tenantId), eq(leads.id, leadId)));
    return row;
  },
};
