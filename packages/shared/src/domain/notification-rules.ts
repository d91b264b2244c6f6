import type { NotificationChannel } from './enums';

/**
 * Every kind of notification (issue 19), with the words Settings -> Notifications shows and how a
 * member hears of it until they choose otherwise. A module that notifies of something new adds its
 * kind here.
 */
export const notificationKinds = {
  task_assigned: { label: 'A task is assigned to you', defaultChannel: 'both' },
  task_commented: { label: 'Someone comments on your task', defaultChannel: 'in_app' },
  time_entry_decided: { label: 'Your time entry is approved or rejected', defaultChannel: 'in_app' },
  review_written: { label: 'A performance review is written about you', defaultChannel: 'both' },
  invitation_accepted: { label: 'Someone accepts your invitation', defaultChannel: 'in_app' },
  ticket_assigned: { label: 'A ticket is assigned to you', defaultChannel: 'both' },
  // Issue 21: to the assignee, or the team's managers while nobody has the ticket.
  ticket_sla_warning: { label: 'A ticket nears its SLA target', defaultChannel: 'in_app' },
  ticket_sla_breached: { label: 'A ticket breaches its SLA target', defaultChannel: 'both' },
  ticket_customer_replied: { label: 'A customer replies on your ticket', defaultChannel: 'in_app' },
  // Issue 22: to the author, once for each period an article of theirs goes unreviewed.
  knowledge_review_due: { label: 'An article you wrote is due for review', defaultChannel: 'in_app' },
  // Issue 23: to the campaign's owner, when the mail server refuses message after message.
  campaign_paused: { label: 'A campaign of yours pauses on mail server errors', defaultChannel: 'both' },
} as const satisfies Record<string, { label: string; defaultChannel: NotificationChannel }>;

export type NotificationKind = keyof typeof notificationKinds;

export const notificationKindIds = Object.keys(notificationKinds) as NotificationKind[];

/** Where a notification of a member's chosen channel goes: the bell, an email, both or neither. */
export function channelDelivery(channel: NotificationChannel): { inApp: boolean; email: boolean } {
  return {
    inApp: channel === 'in_app' || channel === 'both',
    email: channel === 'email' || channel === 'both',
  };
}

/** The member's choice for a kind, or the kind's default when they made none. */
export const channelFor = (kind: NotificationKind, chosen: NotificationChannel | undefined) =>
  chosen ?? notificationKinds[kind].defaultChannel;
