// Marketing automation (spec 1 "email campaigns, lead scoring"; spec 3 Campaign, Lead).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, trigramIndex } from './columns';
import { campaignStatusEnum, campaignTypeEnum, leadSourceEnum, leadStatusEnum } from './enums';
import { employees } from './people';
import { foreignKeyIndex, tenantForeignKey, tenantTable } from './tenant-table';

export type CampaignContent = {
  subject: string;
  htmlContent: string;
  textContent: string;
  previewText: string;
  images: string[];
  links: { url: string; label: string; clicks: number }[];
};

export const campaigns = tenantTable(
  'campaigns',
  {
    name: text().notNull(),
    type: campaignTypeEnum().notNull(),
    status: campaignStatusEnum().notNull().default('draft'),
    description: text().notNull().default(''),
    audienceSegments: text().array().notNull().default([]),
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
