// Every status and enumeration value in Atrium, once. The database enums (packages/db), the API
// schemas and the UI selects are all built from these arrays, so a value added here reaches all
// three. Values and spelling are the spec's (sections 4 and 9); the order is the order screens
// list them in, and where the spec defines a sort (tasks, section 9) it is that sort order.

/** Spec 4: user (and employee) status. */
export const userStatuses = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof userStatuses)[number];

/**
 * Spec 3 and 6 name the sample roles Admin, Manager, Employee and Contractor; `customer` is the
 * help-desk portal user (spec 1, "customer portal"). Stored on the workspace membership.
 */
export const roles = ['admin', 'manager', 'employee', 'contractor', 'customer'] as const;
export type Role = (typeof roles)[number];

/** A membership is deactivated rather than deleted so history keeps naming its people. */
export const membershipStatuses = ['active', 'deactivated'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

/** Better Auth's organization plugin writes these values; spelling ("canceled") is theirs. */
export const invitationStatuses = ['pending', 'accepted', 'rejected', 'canceled'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** Spec 4: clock-in creates `active`; clock-out makes it `completed`; approval is final. */
export const timeEntryStatuses = ['active', 'completed', 'approved', 'rejected'] as const;
export type TimeEntryStatus = (typeof timeEntryStatuses)[number];

export const projectStatuses = ['planning', 'active', 'on-hold', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/** Spec 9 lists project priorities low, medium, high, critical. */
export const projectPriorities = ['low', 'medium', 'high', 'critical'] as const;
export type ProjectPriority = (typeof projectPriorities)[number];

/** Spec 9 sort: todo < in-progress < review < done (also the kanban column order). */
export const taskStatuses = ['todo', 'in-progress', 'review', 'done'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/**
 * Tasks have three priorities, not the projects' four: spec 9 sorts tasks "low<medium<high",
 * the dashboard shows task priority "high/medium/low" and the kanban card hides the badge for
 * "low" only. `critical` appears in the spec for projects alone.
 */
export const taskPriorities = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof taskPriorities)[number];

export const ticketStatuses = ['open', 'in-progress', 'pending', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

export const ticketTypes = ['bug', 'feature', 'support', 'other'] as const;
export type TicketType = (typeof ticketTypes)[number];

export const ticketCategories = ['Technical', 'Billing', 'Feature Request', 'General Inquiry'] as const;
export type TicketCategory = (typeof ticketCategories)[number];

/** Who wrote a ticket message: the customer, an agent (a reply or an internal note), or Atrium itself. */
export const ticketAuthorKinds = ['customer', 'agent', 'system'] as const;
export type TicketAuthorKind = (typeof ticketAuthorKinds)[number];

/** Spec 9: SLA tiers, lowest to highest service. */
export const slaTiers = ['Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type SlaTier = (typeof slaTiers)[number];

export const campaignStatuses = ['draft', 'scheduled', 'active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignTypes = ['email', 'sms', 'social', 'webinar'] as const;
export type CampaignType = (typeof campaignTypes)[number];

/** Spec 4: the lead funnel in stage order. */
export const leadStatuses = ['new', 'contacted', 'qualified', 'opportunity', 'customer', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leadSources = ['Website', 'Social Media', 'Email Campaign', 'Referral', 'Trade Show'] as const;
export type LeadSource = (typeof leadSources)[number];

export const calendarEventStatuses = ['tentative', 'confirmed', 'cancelled'] as const;
export type CalendarEventStatus = (typeof calendarEventStatuses)[number];

export const attendeeResponses = ['pending', 'accepted', 'declined', 'tentative'] as const;
export type AttendeeResponse = (typeof attendeeResponses)[number];

/** Spec 6: event visibility. */
export const eventVisibilities = ['public', 'private', 'team'] as const;
export type EventVisibility = (typeof eventVisibilities)[number];

/** Spec 9: reminder types (popup defaults to 15 minutes before, email to 60). */
export const reminderTypes = ['popup', 'email'] as const;
export type ReminderType = (typeof reminderTypes)[number];

export const goalStatuses = ['active', 'completed', 'overdue'] as const;
export type GoalStatus = (typeof goalStatuses)[number];

export const knowledgeArticleStatuses = ['draft', 'published', 'archived'] as const;
export type KnowledgeArticleStatus = (typeof knowledgeArticleStatuses)[number];

/** Public articles reach the help centre and the portal once published; internal ones only agents (issue 22). */
export const knowledgeArticleVisibilities = ['public', 'internal'] as const;
export type KnowledgeArticleVisibility = (typeof knowledgeArticleVisibilities)[number];

export const documentTypes = ['pdf', 'docx', 'xlsx', 'pptx', 'txt', 'md'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** Spec 6 shows only `admin`; view and edit complete the ladder, lowest first. */
export const documentPermissionLevels = ['view', 'edit', 'admin'] as const;
export type DocumentPermissionLevel = (typeof documentPermissionLevels)[number];

/** Outgoing mail: queued in the outbox table, then sent over SMTP or kept for the in-app outbox. */
export const mailStatuses = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailTransports = ['outbox', 'smtp'] as const;
export type MailTransport = (typeof mailTransports)[number];

/** How a member hears of one kind of notification (Settings -> Notifications). */
export const notificationChannels = ['in_app', 'email', 'both', 'none'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** Where a notification's email stands: none is due, waiting for its batch, or sent. */
export const notificationEmailStates = ['pending', 'sent'] as const;
export type NotificationEmailState = (typeof notificationEmailStates)[number];

/** How a mail reached the help desk (issue 21): the built-in SMTP receiver, an IMAP mailbox, the API. */
export const inboundMailSources = ['smtp', 'imap', 'api'] as const;
export type InboundMailSource = (typeof inboundMailSources)[number];

/**
 * What became of a mail that reached the help desk: a new ticket, a message on an existing one,
 * ignored (an auto-reply or a bounce: never a ticket, never answered), or failed (kept for admins).
 */
export const inboundMailOutcomes = ['ticket', 'reply', 'ignored', 'failed'] as const;
export type InboundMailOutcome = (typeof inboundMailOutcomes)[number];

/** A file made in the background (issue 17): being made, ready to download, or given up on. */
export const exportStatuses = ['running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];
