// Campaigns, leads and lead activities (spec 9: 10 campaigns with budget 5000-50000; 100 leads
// scored 0-100).
import {
  campaignTypes,
  type CampaignContent,
  leadSources,
  type CampaignStatus,
  type LeadStatus,
  type SegmentRules,
} from '@atrium/shared';
import {
  campaignSegments,
  campaigns,
  leadActivities,
  leadSegments,
  leads,
  marketingSettings,
} from '../schema/index';
import { expand, stamps, sum, type People, type SeedRun } from './run';

const campaignNames = [
  'Spring Product Launch',
  'Summer Webinar Series',
  'Customer Win-Back',
  'Holiday Promotion',
  'Feature Announcement',
  'Trial Nurture',
  'Partner Newsletter',
  'Year in Review',
  'Referral Program',
  'Conference Follow-up',
];
const segments: { name: string; rules: SegmentRules }[] = [
  {
    name: 'Newsletter subscribers',
    rules: {
      match: 'all',
      groups: [{ match: 'all', conditions: [{ field: 'tags', match: 'any', values: ['newsletter'] }] }],
    },
  },
  {
    name: 'Enterprise',
    rules: {
      match: 'any',
      groups: [
        { match: 'all', conditions: [{ field: 'companySize', values: ['201-1000', '1000+'] }] },
        { match: 'all', conditions: [{ field: 'tags', match: 'any', values: ['enterprise'] }] },
      ],
    },
  },
  {
    name: 'Hot leads',
    rules: { match: 'all', groups: [{ match: 'all', conditions: [{ field: 'score', from: 70 }] }] },
  },
  {
    name: 'Event attendees',
    rules: {
      match: 'all',
      groups: [
        {
          match: 'any',
          conditions: [
            { field: 'tags', match: 'any', values: ['event'] },
            { field: 'source', values: ['Trade Show'] },
          ],
        },
      ],
    },
  },
  {
    name: 'Software companies',
    rules: {
      match: 'all',
      groups: [{ match: 'all', conditions: [{ field: 'industry', values: ['Software'] }] }],
    },
  },
];
const industries = ['Software', 'Retail', 'Healthcare', 'Finance', 'Manufacturing', 'Education', 'Logistics'];
const companySizes = ['1-10', '11-50', '51-200', '201-1000', '1000+'];

/** Scores follow the funnel: later stages score higher. */
const scoreByStatus: Record<LeadStatus, readonly [number, number]> = {
  new: [0, 40],
  contacted: [10, 60],
  qualified: [40, 80],
  opportunity: [60, 95],
  customer: [70, 100],
  lost: [0, 50],
};

const activityKinds = [
  ['email_opened', 'Opened the newsletter'],
  ['email_clicked', 'Clicked the pricing link'],
  ['website_visit', 'Visited the pricing page'],
  ['form_submitted', 'Requested a demo'],
  ['call', 'Discovery call'],
  ['meeting', 'Product walkthrough'],
  ['note', 'Budget approved for next quarter'],
] as const;

export async function seedMarketing(run: SeedRun, people: People) {
  const { random, loader, tenantId, counts } = run;
  const { faker } = random;
  const marketers = people.inDepartment('Marketing');
  const segmentIds = segments.map(() => random.uuid());
  await loader.load(
    leadSegments,
    segments.length,
    segments.map((segment, i) => ({
      tenantId,
      id: segmentIds[i]!,
      name: segment.name,
      rules: segment.rules,
      createdBy: random.pick(marketers).id,
      ...stamps(random, random.int(30, 200)),
    })),
  );

  const audiences: { campaignId: string; segmentIds: string[] }[] = [];
  // Made before the leads, loaded after them: an email campaign's revenue is the sum of the
  // values of the customers it is credited with.
  const campaignRows: (typeof campaigns.$inferInsert & { id: string; sent: number })[] = [
    ...expand(
      Array.from({ length: counts.campaigns }, (_, i) => i),
      (i) => {
        const status: CampaignStatus = random.weighted([
          ['completed', 30],
          ['active', 30],
          ['scheduled', 15],
          ['paused', 10],
          ['draft', 15],
        ]);
        const sent =
          status === 'active' || status === 'paused' || status === 'completed'
            ? random.int(1_000, 50_000)
            : 0;
        // A plausible funnel: sent >= delivered >= opened >= clicked.
        const delivered = Math.round(sent * random.float(0.92, 0.99));
        const opened = Math.round(delivered * random.float(0.15, 0.45));
        const clicked = Math.round(opened * random.float(0.05, 0.3));
        const name = campaignNames[i] ?? `${random.pick(campaignNames)} ${faker.date.month()}`;
        const id = random.uuid();
        const audience = random.sample(
          segments.map((segment, index) => ({ ...segment, id: segmentIds[index]! })),
          random.int(1, 2),
        );
        audiences.push({ campaignId: id, segmentIds: audience.map((segment) => segment.id) });
        const startDays =
          status === 'draft' ? null : status === 'scheduled' ? random.int(3, 45) : -random.int(5, 120);
        const type = random.pick(campaignTypes);
        const startsAt = startDays === null ? null : random.daysFromNow(startDays);
        // An email campaign that went out was sent to its audience from its start; the others
        // are tracked by hand and have no recipients of their own. The sample has no messages
        // waiting to go, so an email campaign is either done or still a draft: one seeded as sending
        // or scheduled would wait for sends and jobs that were never made.
        const wentOut = type === 'email' && sent > 0;
        const shownStatus: CampaignStatus = type !== 'email' ? status : wentOut ? 'completed' : 'draft';
        return [
          {
            tenantId,
            id,
            name,
            type,
            status: shownStatus,
            description: `${name} for ${audience[0]!.name.toLowerCase()}.`,
            content: {
              subject: `${name}: what's new at Acme`,
              previewText: faker.company.catchPhrase(),
              blocks: [
                { type: 'heading', id: 'b1', level: 1, text: name },
                {
                  type: 'text',
                  id: 'b2',
                  text: `Hi {{ lead.first_name | default: "there" }},\n\n${faker.company.catchPhrase()}.`,
                },
                { type: 'button', id: 'b3', label: 'See pricing', href: 'https://acme.test/pricing' },
              ],
              text: null,
            } satisfies CampaignContent,
            startsAt: shownStatus === 'draft' ? null : startsAt,
            recipients: wentOut ? sent : 0,
            sendingStartedAt: wentOut ? startsAt : null,
            completedAt: wentOut && startsAt ? new Date(startsAt.getTime() + 86_400_000) : null,
            timeZone: 'UTC',
            frequency: random.weighted([
              ['once', 70],
              ['weekly', 20],
              ['monthly', 10],
            ]),
            sent,
            delivered,
            opened,
            clicked,
            unsubscribed: Math.round(delivered * random.float(0, 0.01, 4)),
            bounced: sent - delivered,
            revenue: Math.round(clicked * random.float(0, 40)),
            budget: random.int(50, 500) * 100,
            createdBy: random.pick(marketers).id,
            ...stamps(random, startDays === null ? random.int(1, 30) : Math.max(1, -startDays + 14)),
          },
        ];
      },
    ),
  ];
  const sentEmailCampaigns = campaignRows.filter((row) => row.type === 'email' && row.sent > 0);
  const attributedRevenue = new Map<string, number>();

  // The sender campaigns use unless they name their own, and the footer's postal address.
  await loader.load(marketingSettings, 1, [
    {
      tenantId,
      sendRatePerSecond: 10,
      trackPeople: true,
      fromName: 'Acme Marketing',
      fromEmail: 'marketing@acme.test',
      postalAddress: '1 Market Street, Springfield',
    },
  ]);

  const sellers = people.inDepartment('Sales');
  const emails = new Set<string>();
  const plans: { id: string; createdDaysAgo: number; activities: number }[] = [];
  function* leadRows() {
    for (let i = 0; i < counts.leads; i++) {
      const id = random.uuid();
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      const company = faker.company.name();
      const domain = `${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`;
      let email = `${firstName}.${lastName}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
      if (emails.has(email)) email = email.replace('@', `${i}@`);
      emails.add(email);
      const status: LeadStatus = random.weighted([
        ['new', 30],
        ['contacted', 25],
        ['qualified', 18],
        ['opportunity', 12],
        ['customer', 8],
        ['lost', 7],
      ]);
      const createdDaysAgo = random.int(0, 180);
      // A customer is worth something, and half of them clicked a campaign before buying.
      const isCustomer = status === 'customer';
      const value = isCustomer
        ? random.int(5, 250) * 100
        : random.chance(0.3)
          ? random.int(5, 250) * 100
          : null;
      const convertedAt = isCustomer ? random.daysFromNow(-random.float(0, createdDaysAgo)) : null;
      const attributedCampaign =
        isCustomer && sentEmailCampaigns.length > 0 && random.chance(0.5)
          ? random.pick(sentEmailCampaigns)
          : null;
      if (attributedCampaign) {
        attributedRevenue.set(
          attributedCampaign.id,
          (attributedRevenue.get(attributedCampaign.id) ?? 0) + value!,
        );
      }
      plans.push({ id, createdDaysAgo, activities: random.inRange(counts.activitiesPerLead) });
      yield {
        tenantId,
        id,
        email,
        firstName,
        lastName,
        company,
        jobTitle: faker.person.jobTitle(),
        phone: random.chance(0.7) ? faker.phone.number({ style: 'national' }) : null,
        source: random.pick(leadSources),
        status,
        score: random.int(...scoreByStatus[status]),
        assignedTo: status === 'new' && random.chance(0.5) ? null : random.pick(sellers).id,
        tags: random.sample(['hot', 'enterprise', 'newsletter', 'event', 'partner'], random.int(0, 2)),
        customFields: { industry: random.pick(industries), companySize: random.pick(companySizes) },
        value,
        convertedAt,
        attributedCampaignId: attributedCampaign?.id ?? null,
        ...stamps(random, createdDaysAgo),
      };
    }
  }
  await loader.load(leads, counts.leads, leadRows());
  await loader.load(
    campaigns,
    campaignRows.length,
    campaignRows.map((row) =>
      row.type === 'email' ? { ...row, revenue: attributedRevenue.get(row.id) ?? 0 } : row,
    ),
  );
  await loader.load(
    campaignSegments,
    sum(audiences, (audience) => audience.segmentIds.length),
    expand(audiences, ({ campaignId, segmentIds: ids }) =>
      ids.map((segmentId) => ({ tenantId, campaignId, segmentId })),
    ),
  );

  await loader.load(
    leadActivities,
    sum(plans, (l) => l.activities),
    expand(plans, (lead) =>
      Array.from({ length: lead.activities }, () => {
        const [type, description] = random.pick(activityKinds);
        const at = random.daysFromNow(-random.float(0, lead.createdDaysAgo));
        return {
          tenantId,
          id: random.uuid(),
          leadId: lead.id,
          type,
          description,
          occurredAt: at,
          createdAt: at,
          updatedAt: at,
        };
      }),
    ),
  );
}
