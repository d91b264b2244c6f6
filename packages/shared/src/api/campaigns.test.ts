import { describe, expect, it } from 'vitest';
import {
  campaignResultsProblems,
  createCampaignSchema,
  defaultCampaignOrder,
  deliveredRate,
  updateCampaignSchema,
} from './campaigns';
import { uncheckedFields } from './fields';
import { defaultMarketingSettings, marketingSettingsInputSchema } from './marketing-settings';

describe('campaign results entered by hand (issue 23)', () => {
  it('accepts a funnel that narrows: sent >= delivered >= opened, clicked', () => {
    expect(campaignResultsProblems({ sent: 100, delivered: 90, opened: 40, clicked: 10 })).toEqual({});
    // Clicks without opens happen (an sms has no opens), so clicks are held to deliveries only.
    expect(campaignResultsProblems({ sent: 100, delivered: 90, opened: 0, clicked: 30 })).toEqual({});
  });

  it('names each field that does not add up', () => {
    expect(campaignResultsProblems({ sent: 10, delivered: 20, opened: 21, clicked: 21 })).toEqual({
      delivered: 'No more than were sent',
      opened: 'No more than were delivered',
      clicked: 'No more than were delivered',
    });
  });
});

describe('open and click rates', () => {
  it('are per delivered message in percent to 1 decimal, null before any delivery', () => {
    expect(deliveredRate(1, 3)).toBe(33.3);
    expect(deliveredRate(0, 10)).toBe(0);
    expect(deliveredRate(5, 0)).toBeNull();
  });
});

describe('campaign input', () => {
  it('builds every string from the shared fields', () => {
    expect(uncheckedFields(createCampaignSchema)).toEqual([]);
    expect(uncheckedFields(updateCampaignSchema)).toEqual([]);
    expect(uncheckedFields(marketingSettingsInputSchema)).toEqual([]);
  });

  it('starts an email campaign as a draft without content, with the workspace’s sender', () => {
    expect(createCampaignSchema.parse({ type: 'email', name: ' Launch ', segmentIds: [] })).toEqual({
      type: 'email',
      name: 'Launch',
      description: '',
      budget: null,
      segmentIds: [],
      content: null,
      fromName: null,
      fromEmail: null,
    });
  });

  it('takes each segment once, and an empty sender as none', () => {
    const id = '0b0c7a4e-5b0e-4c57-9a55-3f4a1c1d2e3f';
    const parsed = updateCampaignSchema.parse({ segmentIds: [id, id], fromEmail: ' ', version: 1 });
    expect(parsed).toMatchObject({ segmentIds: [id], fromEmail: null });
  });

  it('sorts names A to Z and the rest newest or most first', () => {
    expect(defaultCampaignOrder('name')).toBe('asc');
    expect(defaultCampaignOrder('updatedAt')).toBe('desc');
    expect(defaultCampaignOrder('sent')).toBe('desc');
  });

  it('reads the settings’ defaults as the table has them', () => {
    expect(defaultMarketingSettings).toMatchObject({ sendRatePerSecond: 10, trackPeople: true, version: 1 });
  });
});
