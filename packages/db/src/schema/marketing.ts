// Marketing automation (spec 1 "email campaigns, lead scoring"; spec 3 Campaign, Lead).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CampaignContent, CampaignSendStatus, SegmentRules, SuppressionReason } from '@atrium/shared';
import { createdAt, timestamptz, trigramIndex, updatedAt } from './columns';
import { campaignStatusEnum, campaignTypeEnum, leadSourceEnum, leadStatusEnum } from './enums';
import { employees } from './people';
import { storedFiles } from './platform';
import { foreignKeyIndex, tenantForeignKey, tenantId, tenantTable } from './tenant-table';

export const campaigns = tenantTable(
  'campaigns',
  {
    name: text().notNull(),
    type: campaignTypeEnum().notNull(),
    status: campaignStatusEnum().notNull().default('draft'),
    description: text().notNull().default(''),
    /** The message itself: edited and rendered as a whole, never filtered on. */
    content: jsonb().$type<CampaignContent>(),
    /** Spec 3 Campaign.schedule {startDate, timezone, frequency}. */
    startsAt: timestamptz(),
    timeZone: text().notNull().default('UTC'),
    /** e.g. once, daily, weekly, monthly; the spec names no values. */
    frequency: text().notNull().default('once'),
    // Spec 3 Campaign.metrics, as columns: the analytics screen sums and ratios them (CTR).
    sent: integer().notNull().default(0),
    delivered: integer().notNull().default(0),
    opened: integer().notNull().default(0),
    clicked: integer().notNull().default(0),
    unsubscribed: integer().notNull().default(0),
    bounced: integer().notNull().default(0),
    revenue: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    budget: numeric({ precision: 12, scale: 2, mode: 'number' }),
    createdBy: uuid(),
    // Issue 23: sending. The sender shown to recipients; the workspace's marketing settings when null.
    fromName: text(),
    fromEmail: text(),
    /** Leads the campaign was sent to (sends made when it started), and those that failed for good. */
    recipients: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    /** Failures in a row; too many pause the campaign (a broken SMTP server, a blocked sender). */
    failureStreak: integer().notNull().default(0),
    /** Why a campaign paused on its own, for its page. */
    pausedReason: text(),
    sendingStartedAt: timestamptz(),
    completedAt: timestamptz(),
  },
  (t) => [
    tenantForeignKey(t, 'createdBy', employees),
    foreignKeyIndex(t, 'createdBy'),
    // Campaign list status filter; dashboard Campaign CTR over active/completed campaigns.
    index('campaigns_status_idx').on(t.tenantId, t.status),
  ],
);

export type LeadCustomFields = { industry?: string; companySize?: string };

export const leads = tenantTable(
  'leads',
  {
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    company: text(),
    jobTitle: text(),
    phone: text(),
    source: leadSourceEnum().notNull(),
    status: leadStatusEnum().notNull().default('new'),
    score: smallint().notNull().default(0),
    assignedTo: uuid(),
    tags: text().array().notNull().default([]),
    customFields: jsonb().$type<LeadCustomFields>().notNull().default({}),
    /** Temporary bounces (4.x.x) of campaigns to the address; three suppress it (issue 23). */
    softBounces: smallint().notNull().default(0),
    /** What the lead is worth as a customer, entered by hand; its campaign's revenue (issue 23). */
    value: numeric({ precision: 14, scale: 2, mode: 'number' }),
    /** When the lead became a customer; null while it is not one. */
    convertedAt: timestamptz(),
    /**
     * The campaign whose link the lead last clicked (a person, not a scanner) before becoming a
     * customer, fixed when it became one: the campaign its value counts as revenue for.
     */
    attributedCampaignId: uuid(),
  },
  (t) => [
    tenantForeignKey(t, 'assignedTo', employees),
    // Lead management "assigned to" filter; also the foreign key.
    foreignKeyIndex(t, 'assignedTo'),
    check('leads_score_check', sql`${t.score} between 0 and 100`),
    // A lead is one address per workspace: captures and imports update it instead of duplicating.
    unique('leads_email_unique').on(t.tenantId, t.email),
    // Lead search over email, company and name.
    trigramIndex('leads_email_trgm_idx', t.email),
    trigramIndex('leads_company_trgm_idx', t.company),
    trigramIndex('leads_first_name_trgm_idx', t.firstName),
    trigramIndex('leads_last_name_trgm_idx', t.lastName),
    // Lead management: status (funnel stage) filter, highest score first.
    index('leads_status_score_idx').on(t.tenantId, t.status, t.score),
    // Leads by name: a segment's first matching leads and its pages, the lead search (issue 23).
    index('leads_name_idx').on(t.tenantId, t.lastName, t.firstName, t.id),
    // A campaign's attributed customers and the sum of their values.
    index('leads_attributed_campaign_idx')
      .on(t.tenantId, t.attributedCampaignId)
      .where(sql`${t.attributedCampaignId} is not null`),
    check('leads_value_check', sql`${t.value} >= 0`),
  ],
);

export const leadActivities = tenantTable(
  'lead_activities',
  {
    leadId: uuid().notNull(),
    /** e.g. email_opened, call, meeting, note; the spec names no values. */
    type: text().notNull(),
    description: text().notNull(),
    occurredAt: timestamptz().notNull(),
  },
  (t) => [
    tenantForeignKey(t, 'leadId', leads).onDelete('cascade'),
    // Lead detail timeline, newest first.
    index('lead_activities_lead_idx').on(t.tenantId, t.leadId, t.occurredAt),
  ],
);

/**
 * Issue 23: a saved audience, rules over leads (packages/shared api/segments.ts). Counted and
 * listed live: a lead matches while its fields do, nothing is copied.
 */
export const leadSegments = tenantTable(
  'lead_segments',
  {
    name: text().notNull(),
    description: text().notNull().default(''),
    rules: jsonb().$type<SegmentRules>().notNull(),
    createdBy: uuid(),
  },
  (t) => [
    tenantForeignKey(t, 'createdBy', employees),
    foreignKeyIndex(t, 'createdBy'),
    // Segment names are told apart as people read them.
    uniqueIndex('lead_segments_name_idx').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** The segments a campaign goes to; a lead in two of them is sent one message. */
export const campaignSegments = pgTable(
  'campaign_segments',
  {
    tenantId: tenantId().notNull(),
    campaignId: uuid().notNull(),
    segmentId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.campaignId, t.segmentId] }),
    tenantForeignKey(t, 'campaignId', campaigns).onDelete('cascade'),
    // A segment in use is not deleted from under a campaign (the service says which ones).
    tenantForeignKey(t, 'segmentId', leadSegments),
    foreignKeyIndex(t, 'segmentId'),
  ],
);

/**
 * Images uploaded for campaigns' image blocks, served to anyone at /m/i/<file id>: mail clients
 * fetch them without signing in. The campaign is kept without a foreign key: mail already
 * delivered goes on showing its images after the campaign is deleted.
 */
export const campaignImages = pgTable(
  'campaign_images',
  {
    tenantId: tenantId().notNull(),
    fileId: uuid().notNull(),
    /** The campaign it was uploaded for. */
    campaignId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.fileId] }),
    tenantForeignKey(t, 'fileId', storedFiles).onDelete('cascade'),
    // Serving an image knows only its file id.
    uniqueIndex('campaign_images_file_idx').on(t.fileId),
  ],
);

/**
 * Addresses no campaign is sent to, whatever segment they are in: unsubscribed, bounced, marked
 * as spam, or suppressed by hand. Kept by address (lower case), so a lead deleted and added again
 * stays suppressed.
 */
export const emailSuppressions = tenantTable(
  'email_suppressions',
  {
    email: text().notNull(),
    reason: text().$type<SuppressionReason>().notNull(),
    /** The campaign that led to it (unsubscribe link, bounce), if one did. */
    campaignId: uuid(),
    /** The bounce's or the person's own words, when there are some. */
    detail: text().notNull().default(''),
    createdBy: uuid(),
  },
  (t) => [
    unique('email_suppressions_email_unique').on(t.tenantId, t.email),
    check('email_suppressions_email_lower_check', sql`${t.email} = lower(${t.email})`),
    tenantForeignKey(t, 'campaignId', campaigns).onDelete('cascade'),
    foreignKeyIndex(t, 'campaignId'),
    tenantForeignKey(t, 'createdBy', employees),
    foreignKeyIndex(t, 'createdBy'),
    // The suppression list, newest first.
    index('email_suppressions_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/**
 * One campaign to one lead (issue 23): made for the whole audience when the campaign starts, the
 * unique (campaign, lead) making a second message impossible. A process claims a batch (status
 * sending, claimed_until) in a committed transaction before it talks to the mail server; see ADR
 * 034 for what a claim of a process that died means.
 */
export const campaignSends = tenantTable(
  'campaign_sends',
  {
    campaignId: uuid().notNull(),
    leadId: uuid().notNull(),
    /** The address as it was when the campaign started. */
    email: text().notNull(),
    status: text().$type<CampaignSendStatus>().notNull().default('queued'),
    /** SMTP attempts so far; temporary failures are retried with back-off until a limit. */
    attempts: smallint().notNull().default(0),
    /** A queued send waits until then (a retry's back-off). */
    notBefore: timestamptz(),
    /** While status is sending: the claiming process's lease. */
    claimedUntil: timestamptz(),
    sentAt: timestamptz(),
    /** The mail server's last answer, or the bounce's status code and words. */
    error: text(),
    /** The first human open and click (bots excluded): each recipient counts once. */
    openedAt: timestamptz(),
    clickedAt: timestamptz(),
    unsubscribedAt: timestamptz(),
  },
  (t) => [
    unique('campaign_sends_lead_unique').on(t.tenantId, t.campaignId, t.leadId),
    tenantForeignKey(t, 'campaignId', campaigns).onDelete('cascade'),
    tenantForeignKey(t, 'leadId', leads).onDelete('cascade'),
    // Claiming the next batch and the progress counts: a campaign's sends by status, in id order.
    index('campaign_sends_status_idx').on(t.tenantId, t.campaignId, t.status, t.id),
    // The campaign page's recipients, a page at a time in id order, whatever their status.
    index('campaign_sends_campaign_idx').on(t.tenantId, t.campaignId, t.id),
    // A lead's campaign history (segments' campaign conditions, the lead's timeline).
    index('campaign_sends_lead_idx').on(t.tenantId, t.leadId),
    check(
      'campaign_sends_status_check',
      sql`${t.status} in ('queued', 'sending', 'sent', 'bounced', 'failed', 'suppressed', 'unconfirmed', 'cancelled')`,
    ),
  ],
);

/**
 * Every tracked hit and mail event of a campaign, bots' too (flagged, left out of the rates):
 * open, click (with the link), unsubscribe, bounce, complaint. Without per-person tracking the
 * send is not recorded, only the campaign.
 */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    tenantId: tenantId().notNull(),
    id: uuid().notNull().defaultRandom(),
    campaignId: uuid().notNull(),
    sendId: uuid(),
    kind: text().$type<'open' | 'click' | 'unsubscribe' | 'bounce' | 'complaint'>().notNull(),
    /** The link clicked: its place among the message's links, and where it led. */
    linkIndex: smallint(),
    url: text(),
    bot: boolean().notNull().default(false),
    userAgent: text(),
    occurredAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t, 'campaignId', campaigns).onDelete('cascade'),
    tenantForeignKey(t, 'sendId', campaignSends).onDelete('cascade'),
    foreignKeyIndex(t, 'sendId'),
    // The campaign page: opens and clicks over time, clicks per link.
    index('campaign_events_campaign_idx').on(t.tenantId, t.campaignId, t.kind, t.occurredAt),
  ],
);

/** A workspace's marketing settings (issue 23); a workspace without a row has the defaults. */
export const marketingSettings = pgTable(
  'marketing_settings',
  {
    tenantId: tenantId().notNull().primaryKey(),
    /** Messages per second across all server processes together; null: as fast as the server takes them. */
    sendRatePerSecond: integer().default(10),
    /** Off: opens and clicks are counted per campaign, never recorded per person. */
    trackPeople: boolean().notNull().default(true),
    fromName: text(),
    fromEmail: text(),
    /** The postal address the footer of every campaign shows (anti-spam laws ask for one). */
    postalAddress: text().notNull().default(''),
    /**
     * The rate limit's clock: the next moment a message may go out. Each process books the next
     * slots by moving it forward in one statement, so all processes together keep the rate.
     */
    nextSendAt: timestamptz(),
    version: integer().notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [check('marketing_settings_rate_check', sql`${t.sendRatePerSecond} between 1 and 10000`)],
);
