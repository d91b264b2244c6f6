import { createCampaignSchema } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { createCampaignRequest, emptyNewCampaign, startOfDayIn } from './new-campaign-form';

describe('startOfDayIn', () => {
  it('is the start of the day in the workspace time zone', () => {
    expect(startOfDayIn('2026-07-01', 'Europe/Berlin')).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfDayIn('2026-01-15', 'America/New_York')).toBe('2026-01-15T05:00:00.000Z');
  });

  it('is null when no date is given and leaves anything else for the schema to refuse', () => {
    expect(startOfDayIn('', 'UTC')).toBeNull();
    expect(startOfDayIn('tomorrow', 'UTC')).toBe('tomorrow');
  });
});

describe('createCampaignRequest', () => {
  it('sends an email campaign without the fields only planned campaigns have', () => {
    const request = createCampaignRequest(
      { ...emptyNewCampaign, name: 'Spring launch', budget: 5000, sent: 10, status: 'active' },
      'UTC',
    );
    expect(request).toEqual({
      type: 'email',
      name: 'Spring launch',
      description: '',
      budget: 5000,
      segmentIds: [],
    });
    expect(createCampaignSchema.safeParse(request).success).toBe(true);
  });

  it('sends a planned campaign with its status, start and results; empty results count as none', () => {
    const request = createCampaignRequest(
      {
        ...emptyNewCampaign,
        type: 'sms',
        name: 'Text blast',
        status: 'completed',
        startsAt: '2026-03-02',
        sent: 100,
        delivered: 90,
      },
      'UTC',
    );
    const parsed = createCampaignSchema.parse(request);
    expect(parsed).toMatchObject({
      type: 'sms',
      status: 'completed',
      startsAt: '2026-03-02T00:00:00.000Z',
      sent: 100,
      delivered: 90,
      opened: 0,
      clicked: 0,
      revenue: 0,
    });
  });

  it('lets the shared schema refuse results that do not add up', () => {
    const request = createCampaignRequest(
      { ...emptyNewCampaign, type: 'webinar', name: 'Webinar', sent: 10, delivered: 20 },
      'UTC',
    );
    const result = createCampaignSchema.safeParse(request);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      'delivered',
      'No more than were sent',
    ]);
  });
});
