import { schema, type Db } from '@atrium/db';
import type { CampaignContent, SegmentRules } from '@atrium/shared';

const newsletter: SegmentRules = {
  match: 'all',
  groups: [{ match: 'all', conditions: [{ field: 'tags', match: 'any', values: ['newsletter'] }] }],
};

/**
 * A draft email campaign to `audience` newsletter leads (lead-<n>@<domain>, n from 0), plus
 * `outsiders` leads after them that the segment leaves out; the workspace sends at `rate` messages
 * a second (null: no limit). Written straight into the database: the sending tests need thousands.
 */
export async function draftEmailCampaign(
  db: Db,
  options: {
    tenantId: string;
    createdBy: string | null;
    domain: string;
    audience: number;
    outsiders?: number;
    content: CampaignContent;
    rate?: number | null;
  },
): Promise<{ campaignId: string; version: number }> {
  const { tenantId, domain } = options;
  const rate = options.rate ?? null;
  const rows = Array.from({ length: options.audience + (options.outsiders ?? 0) }, (_, n) => ({
    tenantId,
    email: `lead-${n}@${domain}`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    source: 'Website' as const,
    tags: n < options.audience ? ['newsletter'] : ['other'],
  }));
  for (let at = 0; at < rows.length; at += 500) {
    await db.insert(schema.leads).values(rows.slice(at, at + 500));
  }
  const [segment] = await db
    .insert(schema.leadSegments)
    .values({ tenantId, name: 'Newsletter', rules: newsletter })
    .returning();
  const [campaign] = await db
    .insert(schema.campaigns)
    .values({
      tenantId,
      name: `Campaign ${domain}`,
      type: 'email',
      content: options.content,
      fromEmail: 'news@atrium.test',
      createdBy: options.createdBy,
    })
    .returning();
  await db
    .insert(schema.campaignSegments)
    .values({ tenantId, campaignId: campaign!.id, segmentId: segment!.id });
  await db
    .insert(schema.marketingSettings)
    .values({ tenantId, sendRatePerSecond: rate })
    .onConflictDoUpdate({ target: schema.marketingSettings.tenantId, set: { sendRatePerSecond: rate } });
  return { campaignId: campaign!.id, version: campaign!.version };
}
