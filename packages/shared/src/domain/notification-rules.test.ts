import { describe, expect, it } from 'vitest';
import { notificationChannels } from './enums';
import { channelDelivery, channelFor, notificationKindIds, notificationKinds } from './notification-rules';

describe('notification channels (issue 19: in app, email, both or none per kind)', () => {
  it('sends each channel where it says', () => {
    expect(channelDelivery('in_app')).toEqual({ inApp: true, email: false });
    expect(channelDelivery('email')).toEqual({ inApp: false, email: true });
    expect(channelDelivery('both')).toEqual({ inApp: true, email: true });
    expect(channelDelivery('none')).toEqual({ inApp: false, email: false });
  });

  it("uses the member's choice, else the kind's default", () => {
    expect(channelFor('task_assigned', undefined)).toBe('both');
    expect(channelFor('task_assigned', 'none')).toBe('none');
    expect(channelFor('task_commented', undefined)).toBe('in_app');
    expect(channelFor('ticket_assigned', undefined)).toBe('both');
  });

  it('names the kinds wired now, each with a label and a valid default', () => {
    expect(notificationKindIds).toEqual([
      'task_assigned',
      'task_commented',
      'time_entry_decided',
      'review_written',
      'invitation_accepted',
      'ticket_assigned',
      'ticket_sla_warning',
      'ticket_sla_breached',
      'ticket_customer_replied',
      'knowledge_review_due',
      'campaign_paused',
    ]);
    for (const kind of notificationKindIds) {
      expect(notificationKinds[kind].label.length).toBeGreaterThan(0);
      expect(notificationChannels).toContain(notificationKinds[kind].defaultChannel);
    }
  });
});
