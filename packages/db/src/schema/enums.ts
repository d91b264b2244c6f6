// Database enums built from the shared value lists (packages/shared/src/domain/enums.ts): the
// database rejects a value the API and UI would not know. Adding a value is an `ALTER TYPE ... ADD
// VALUE` migration that drizzle-kit generates from the shared list.
import { pgEnum } from 'drizzle-orm/pg-core';
import {
  attendeeResponses,
  calendarEventStatuses,
  campaignStatuses,
  campaignTypes,
  documentPermissionLevels,
  documentTypes,
  eventVisibilities,
  exportStatuses,
  goalStatuses,
  inboundMailOutcomes,
  inboundMailSources,
  invitationStatuses,
  knowledgeArticleStatuses,
  knowledgeArticleVisibilities,
  leadSources,
  leadStatuses,
  mailStatuses,
  mailTransports,
  membershipStatuses,
  notificationChannels,
  notificationEmailStates,
  projectPriorities,
  projectStatuses,
  reminderTypes,
  roles,
  slaTiers,
  taskPriorities,
  taskStatuses,
  ticketAuthorKinds,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
  ticketTypes,
  timeEntryStatuses,
  userStatuses,
} from '@atrium/shared';

export const userStatusEnum = pgEnum('user_status', userStatuses);
export const roleEnum = pgEnum('role', roles);
export const membershipStatusEnum = pgEnum('membership_status', membershipStatuses);
export const invitationStatusEnum = pgEnum('invitation_status', invitationStatuses);
export const timeEntryStatusEnum = pgEnum('time_entry_status', timeEntryStatuses);
export const projectStatusEnum = pgEnum('project_status', projectStatuses);
export const projectPriorityEnum = pgEnum('project_priority', projectPriorities);
export const taskStatusEnum = pgEnum('task_status', taskStatuses);
export const taskPriorityEnum = pgEnum('task_priority', taskPriorities);
export const ticketStatusEnum = pgEnum('ticket_status', ticketStatuses);
export const ticketPriorityEnum = pgEnum('ticket_priority', ticketPriorities);
export const ticketTypeEnum = pgEnum('ticket_type', ticketTypes);
export const ticketCategoryEnum = pgEnum('ticket_category', ticketCategories);
export const slaTierEnum = pgEnum('sla_tier', slaTiers);
export const ticketAuthorKindEnum = pgEnum('ticket_author_kind', ticketAuthorKinds);
export const campaignStatusEnum = pgEnum('campaign_status', campaignStatuses);
export const campaignTypeEnum = pgEnum('campaign_type', campaignTypes);
export const leadStatusEnum = pgEnum('lead_status', leadStatuses);
export const leadSourceEnum = pgEnum('lead_source', leadSources);
export const calendarEventStatusEnum = pgEnum('calendar_event_status', calendarEventStatuses);
export const attendeeResponseEnum = pgEnum('attendee_response', attendeeResponses);
export const eventVisibilityEnum = pgEnum('event_visibility', eventVisibilities);
export const reminderTypeEnum = pgEnum('reminder_type', reminderTypes);
export const goalStatusEnum = pgEnum('goal_status', goalStatuses);
export const knowledgeArticleStatusEnum = pgEnum('knowledge_article_status', knowledgeArticleStatuses);
export const knowledgeArticleVisibilityEnum = pgEnum(
  'knowledge_article_visibility',
  knowledgeArticleVisibilities,
);
export const documentTypeEnum = pgEnum('document_type', documentTypes);
export const documentPermissionLevelEnum = pgEnum('document_permission_level', documentPermissionLevels);
export const mailStatusEnum = pgEnum('mail_status', mailStatuses);
export const mailTransportEnum = pgEnum('mail_transport', mailTransports);
export const exportStatusEnum = pgEnum('export_status', exportStatuses);
export const notificationChannelEnum = pgEnum('notification_channel', notificationChannels);
export const notificationEmailStateEnum = pgEnum('notification_email_state', notificationEmailStates);
export const inboundMailSourceEnum = pgEnum('inbound_mail_source', inboundMailSources);
export const inboundMailOutcomeEnum = pgEnum('inbound_mail_outcome', inboundMailOutcomes);
