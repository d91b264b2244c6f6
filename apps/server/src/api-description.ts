import { accountsApi } from './modules/accounts';
import { calendarApi } from './modules/calendar';
import { dashboardApi } from './modules/dashboard';
import { employeesApi } from './modules/employees';
import { helpdeskApi, helpdeskMailApi, macrosApi, overviewApi, slaApi, teamsApi } from './modules/helpdesk';
import { knowledgeApi } from './modules/knowledge';
import {
  campaignReportsApi,
  campaignsApi,
  marketingSettingsApi,
  segmentsApi,
  leadsApi,
  sendingApi,
  suppressionsApi,
} from './modules/marketing';
import { membersApi } from './modules/members';
import { performanceApi } from './modules/performance';
import { customerAccountsApi, portalApi, ticketRatingsApi } from './modules/portal';
import { projectsApi } from './modules/projects';
import { reportsApi } from './modules/reports';
import { schedulingApi } from './modules/scheduling';
import { tasksApi } from './modules/tasks';
import { timeEntriesApi } from './modules/time-entries';
import { workspaceApi } from './modules/workspace';
import { activityApi } from './platform/activity/activity.api';
import { apiTokensApi } from './platform/api-tokens/api-tokens.api';
import { exportsApi } from './platform/exports/exports.api';
import { jobsApi } from './platform/jobs/jobs.api';
import { mailApi } from './platform/mail/mail.api';
import { notificationsApi } from './platform/notifications/notifications.api';
import type { ApiSection } from './platform/openapi/api-operation';
import { openApiApi } from './platform/openapi/openapi.api';
import { eventsApi } from './platform/realtime/events.api';

/**
 * Every /api/v1 operation, module by module, in the order of the reference (ADR 022). A route
 * registered in app.ts and missing here fails openapi.int.test.ts, which names it.
 */
export const apiDescription: readonly ApiSection[] = [
  accountsApi,
  workspaceApi,
  membersApi,
  employeesApi,
  timeEntriesApi,
  schedulingApi,
  performanceApi,
  projectsApi,
  tasksApi,
  reportsApi,
  dashboardApi,
  calendarApi,
  overviewApi,
  helpdeskApi,
  helpdeskMailApi,
  macrosApi,
  teamsApi,
  slaApi,
  knowledgeApi,
  portalApi,
  customerAccountsApi,
  ticketRatingsApi,
  segmentsApi,
  leadsApi,
  campaignsApi,
  marketingSettingsApi,
  sendingApi,
  suppressionsApi,
  campaignReportsApi,
  activityApi,
  notificationsApi,
  exportsApi,
  apiTokensApi,
  mailApi,
  jobsApi,
  eventsApi,
  openApiApi,
];
