import {
  wallClockToUtc,
  type CampaignStatus,
  type CampaignType,
  type CreateCampaignInput,
} from '@atrium/shared';

/**
 * The New campaign form as typed. Number boxes hand over numbers (or null / undefined when left
 * empty); the start is a calendar date in the workspace's time zone.
 */
export type NewCampaignFormValues = {
  name: string;
  type: CampaignType;
  description: string;
  budget: number | null;
  segmentIds: string[];
  status: CampaignStatus;
  /** YYYY-MM-DD, or '' for none. */
  startsAt: string;
  sent?: number | undefined;
  delivered?: number | undefined;
  opened?: number | undefined;
  clicked?: number | undefined;
  revenue?: number | undefined;
};

export const emptyNewCampaign: NewCampaignFormValues = {
  name: '',
  type: 'email',
  description: '',
  budget: null,
  segmentIds: [],
  status: 'draft',
  startsAt: '',
};

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The start of a planned campaign: the beginning of that day in the workspace's time zone, so it
 * reads as the same date to everyone. Anything else is handed on as typed, for the schema to refuse.
 */
export function startOfDayIn(date: string, timeZone: string): string | null {
  if (date === '') return null;
  const match = datePattern.exec(date);
  if (!match) return date;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return wallClockToUtc({ year, month, day }, timeZone).toISOString();
}

/**
 * The request the form makes: an email campaign is a draft whose message is written in the editor
 * afterwards; the other types carry their status, start and results as entered.
 */
export function createCampaignRequest(values: NewCampaignFormValues, timeZone: string): CreateCampaignInput {
  const common = {
    name: values.name,
    description: values.description,
    budget: values.budget,
    segmentIds: values.segmentIds,
  };
  if (values.type === 'email') return { type: 'email', ...common };
  return {
    type: values.type,
    ...common,
    status: values.status,
    startsAt: startOfDayIn(values.startsAt, timeZone),
    sent: values.sent,
    delivered: values.delivered,
    opened: values.opened,
    clicked: values.clicked,
    revenue: values.revenue,
  };
}
