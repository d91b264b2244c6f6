import { Hono, type Context } from 'hono';
import { maxUploadedImageBytes, maxAttachmentBytes } from '@atrium/shared';
import { compress } from 'hono/compress';
import { createAccountsService, meRoutes, publicAccountRoutes } from './modules/accounts';
import { calendarReadRules, calendarRoutes, createCalendarService } from './modules/calendar';
import { createDashboardService, dashboardRoutes } from './modules/dashboard';
import { createEmployeesService, employeesReadRules, employeesRoutes } from './modules/employees';
import {
  createHelpdeskService,
  helpdeskMailRoutes,
  helpdeskReadRules,
  helpdeskRoutes,
  rawMailPath,
  uploadPath,
} from './modules/helpdesk';
import { helpCentreRoutes, robotsTxt } from './modules/help-centre';
import {
  articleImageUploadPath,
  createKnowledgeService,
  createPublishedArticlesService,
  knowledgeImageRoutes,
  knowledgeRoutes,
} from './modules/knowledge';
import { createMembersService, membersReadRules, membersRoutes } from './modules/members';
import {
  createCustomerAccountsService,
  createPortalService,
  createTicketRatingsService,
  customerAccountsRoutes,
  customerSignUpRoutes,
  portalPreviewRoutes,
  portalRatingRoutes,
  portalRoutes,
  portalUploadPath,
  publicRatingRoutes,
} from './modules/portal';
import { createPerformanceService, performanceReadRules, performanceRoutes } from './modules/performance';
import { createProjectsService, projectsReadRules, projectsRoutes } from './modules/projects';
import { createReportsService, reportsRoutes } from './modules/reports';
import { createSchedulingService, schedulingReadRules, schedulingRoutes } from './modules/scheduling';
import { createTasksService, tasksReadRules, tasksRoutes } from './modules/tasks';
import { createTimeEntriesService, timeEntriesReadRules, timeEntriesRoutes } from './modules/time-entries';
import { createWorkspaceService, workspaceReadRules, workspaceRoutes } from './modules/workspace';
import type { ActivityAudience } from './platform/activity/activity-audience';
import { apiDescription } from './api-description';
import { activityRoutes } from './platform/activity/activity.routes';
import { apiTokensRoutes } from './platform/api-tokens/api-tokens.routes';
import { createApiTokensService } from './platform/api-tokens/api-tokens.service';
import { bearerAuthentication } from './platform/api-tokens/bearer-authentication';
import { authRoutes } from './platform/auth/auth.routes';
import { memberRouter } from './platform/auth/member-context';
import { handleError, handleNotFound } from './platform/errors/error-handler';
import { exportsRoutes } from './platform/exports/exports.routes';
import type { AppEnv } from './platform/http/app-env';
import { bodyLimit } from './platform/http/body-limit';
import type { InFlightRequests } from './platform/http/in-flight';
import { requireWellFormedJson } from './platform/http/json-body';
import { requestContext } from './platform/http/request-context';
import { sameOriginMutations } from './platform/http/same-origin';
import { noStoreByDefault, securityHeaders } from './platform/http/security-headers';
import { spaRoutes } from './platform/http/spa';
import { healthRoutes } from './platform/health/health.routes';
import { metricsRoutes } from './platform/metrics/metrics.routes';
import { notificationsRoutes } from './platform/notifications/notifications.routes';
import {
  createNotificationsService,
  notificationsReadRules,
} from './platform/notifications/notifications.service';
import { createJobsAdmin } from './platform/jobs/jobs-admin.service';
import { jobsRoutes } from './platform/jobs/jobs.routes';
import { outboxRoutes } from './platform/mail/mail.routes';
import { apiDocsRoutes, serveOpenApiDocument } from './platform/openapi/api-docs.routes';
import { eventsRoutes } from './platform/realtime/events.routes';
import type { Platform } from './platform/platform';
import {
  campaignImageUploadPath,
  campaignMailRoutes,
  campaignsReadRules,
  createCampaignTokens,
  createMarketingServices,
  leadsReadRules,
  marketingRoutes,
} from './modules/marketing';

/**
 * Who sees which activity entries and hears of which changes (issue 17): the read rules of the
 * modules that own the records. A kind of record without a rule does not compile.
 */
export const activityAudience: ActivityAudience = {
  ...workspaceReadRules,
  ...membersReadRules,
  ...employeesReadRules,
  ...timeEntriesReadRules,
  ...schedulingReadRules,
  ...performanceReadRules,
  ...projectsReadRules,
  ...tasksReadRules,
  ...calendarReadRules,
  ...notificationsReadRules,
  ...helpdeskReadRules,
  ...campaignsReadRules,
  ...leadsReadRules,
};

export type AppOptions = {
  /** True once shutdown began: answers then ask clients not to reuse the connection. */
  isShuttingDown?: () => boolean;
  /** Counts the running handlers, for shutdown to wait for before closing the database. */
  inFlight?: InFlightRequests;
};

/** `now` sets the time the services read (tests of the SLA clocks); the real time otherwise. */
export function createServices(platform: Platform, options: { now?: () => Date } = {}) {
  const { db } = platform.database;
  const workspace = createWorkspaceService({ db });
  const scheduling = createSchedulingService({ db, memo: platform.workspaceMemo, workspace });
  const employees = createEmployeesService({ db, memo: platform.workspaceMemo });
  const projects = createProjectsService({ db, memo: platform.workspaceMemo });
  const notifications = createNotificationsService({
    db,
    jobs: platform.jobs,
    mailer: platform.mailer,
    publicUrl: platform.publicUrl,
    emailDelaySeconds: platform.config.mail.notificationDelaySeconds,
  });
  const members = createMembersService({ db, mailer: platform.mailer, publicUrl: platform.publicUrl });
  const ticketRatings = createTicketRatingsService({
    ...options,
    db,
    mailer: platform.mailer,
    linkKey: platform.keyFor('ticket rating links'),
    publicUrl: platform.publicUrl,
  });
  const marketing = createMarketingServices({
    db,
    jobs: platform.jobs,
    mailer: platform.mailer,
    notifier: notifications,
    storage: platform.storage,
    log: platform.log,
    tokens: createCampaignTokens(platform.keyFor('campaign links')),
    publicUrl: platform.publicUrl,
    inboundDomain: platform.config.mail.inbound.domain,
    smtpUrl: platform.config.mail.smtpUrl,
    defaultFromAddress: /<([^<>]+)>\s*$/.exec(platform.config.mail.from)?.[1] ?? platform.config.mail.from,
    claimSeconds: platform.config.mail.campaignClaimSeconds,
    deliveries: platform.metrics.mailDeliveries('campaign'),
    now: options.now ?? (() => new Date()),
  });
  const services = {
    notifications,
    accounts: createAccountsService({
      db,
      employees,
      auth: platform.auth,
      checkPassword: platform.checkPassword,
      log: platform.log,
      demoLoginsEnabled: platform.config.demoLogins,
      notifier: notifications,
    }),
    members,
    customerAccounts: createCustomerAccountsService({ db, auth: platform.auth, members }),
    ticketRatings,
    workspace,
    employees,
    timeEntries: createTimeEntriesService({ db, notifier: notifications }),
    scheduling,
    performance: createPerformanceService({
      db,
      memo: platform.workspaceMemo,
      scheduling,
      notifier: notifications,
    }),
    projects,
    tasks: createTasksService({ db, memo: platform.workspaceMemo, projects, notifier: notifications }),
    reports: createReportsService({ db, memo: platform.workspaceMemo, projects }),
    dashboard: createDashboardService({ db, memo: platform.workspaceMemo, projects }),
    calendar: createCalendarService({ db, projects }),
    helpdesk: createHelpdeskService({
      ...options,
      db,
      memo: platform.workspaceMemo,
      notifier: notifications,
      jobs: platform.jobs,
      mailer: platform.mailer,
      storage: platform.storage,
      log: platform.log,
      passwords: platform.secrets('helpdesk mailbox password'),
      satisfaction: ticketRatings,
      // What comes back to a campaign's bounce address is marketing's (issue 23).
      campaignMail: marketing.bounces,
      inboundMail: {
        domain: platform.config.mail.inbound.domain,
        receiverOn: platform.config.mail.inbound.smtpPort !== undefined,
      },
    }),
    knowledge: createKnowledgeService({
      db,
      storage: platform.storage,
      jobs: platform.jobs,
      notifier: notifications,
      log: platform.log,
      now: options.now ?? (() => new Date()),
    }),
    publishedArticles: createPublishedArticlesService({ db }),
    marketing,
  };
  return {
    ...services,
    portal: createPortalService({
      ...options,
      db,
      helpdesk: services.helpdesk,
      knowledge: services.knowledge,
      publishedArticles: services.publishedArticles,
      storage: platform.storage,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

export function createApp(platform: Platform, services: Services, options: AppOptions = {}) {
  const { config, log, database, auth } = platform;
  const app = new Hono<AppEnv>();

  if (options.inFlight) app.use(options.inFlight.middleware);
  app.use(...requestContext(log));
  app.use(platform.metrics.http);
  // Text answers (the SPA's scripts and styles, JSON) go out compressed when the client accepts it.
  // Its default content types leave out text/event-stream (GET /api/v1/events), which must not wait
  // for a compression block to fill. compress() adds "Vary: Accept-Encoding" to a finished response
  // through c.header(), which rebuilds it as a stream even to send it uncompressed: set beforehand,
  // the header is already there and an uncompressed answer goes out as the string it is.
  app.use(async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    await next();
  });
  app.use(compress());
  app.use(securityHeaders({ trustProxy: config.trustProxy, publicUrl: config.publicUrl }));
  app.use(async (c, next) => {
    await next();
    if (options.isShuttingDown?.()) c.header('Connection', 'close');
  });

  const api = new Hono<AppEnv>();
  // Every body is JSON up to BODY_LIMIT_BYTES, but for the routes that take a raw mail (up to the
  // inbound mail limit) or a file (multipart, up to the attachment limit and the form's overhead).
  const jsonBodyLimit = bodyLimit(config.bodyLimitBytes);
  const otherBodies = new Map([
    [rawMailPath, bodyLimit(config.mail.inbound.maxBytes)],
    [uploadPath, bodyLimit(maxAttachmentBytes + 64 * 1024)],
    [portalUploadPath, bodyLimit(maxAttachmentBytes + 64 * 1024)],
  ]);
  const imageLimit = bodyLimit(maxUploadedImageBytes + 64 * 1024);
  const otherBodyLimit = (c: Context) =>
    c.req.method !== 'POST'
      ? undefined
      : (otherBodies.get(c.req.path) ??
        (articleImageUploadPath.test(c.req.path) || campaignImageUploadPath.test(c.req.path)
          ? imageLimit
          : undefined));
  api.use(
    noStoreByDefault,
    sameOriginMutations(platform.trustedOrigins),
    (c, next) => (otherBodyLimit(c) ?? jsonBodyLimit)(c, next),
    (c, next) => (otherBodyLimit(c) ? next() : requireWellFormedJson(c, next)),
  );
  api.route(
    '/health',
    healthRoutes({
      database,
      jobs: platform.jobs,
      version: platform.version,
      isShuttingDown: options.isShuttingDown,
    }),
  );
  if (config.metricsToken) api.route('/metrics', metricsRoutes(platform.metrics, config.metricsToken));
  api.route('/auth', authRoutes(auth));
  api.route('/docs', apiDocsRoutes(platform.version));

  const v1 = new Hono<AppEnv>();
  const apiTokens = createApiTokensService({ db: database.db });
  v1.use(bearerAuthentication(apiTokens, platform.rateLimiter, config.apiTokenRequestsPerMinute));
  // This process forgets a workspace's kept aggregates as soon as a change there is answered: the
  // client's refetch may arrive before the change's notification does.
  v1.use(async (c, next) => {
    await next();
    const tenantId = c.get('member')?.tenantId;
    if (tenantId && c.req.method !== 'GET' && c.res.status < 400) platform.workspaceMemo.forget(tenantId);
  });
  v1.route('/', publicAccountRoutes(services.accounts, platform));
  v1.route('/me', meRoutes(services.accounts, platform));
  v1.route('/members', membersRoutes(services.members, platform));
  v1.route('/workspace', workspaceRoutes(services.workspace, platform));
  v1.route('/employees', employeesRoutes(services.employees, platform));
  v1.route('/time-entries', timeEntriesRoutes(services.timeEntries, platform));
  v1.route('/scheduling', schedulingRoutes(services.scheduling, platform));
  v1.route('/performance', performanceRoutes(services.performance, platform));
  v1.route('/projects', projectsRoutes(services.projects, platform));
  v1.route('/tasks', tasksRoutes(services.tasks, platform));
  v1.route('/reports', reportsRoutes(services.reports, platform));
  v1.route('/dashboard', dashboardRoutes(services.dashboard, platform));
  v1.route('/calendar', calendarRoutes(services.calendar, platform));
  v1.route('/helpdesk', helpdeskRoutes(services.helpdesk, platform));
  v1.route('/helpdesk', helpdeskMailRoutes(services.helpdesk, platform));
  v1.route('/helpdesk', knowledgeRoutes(services.knowledge, platform));
  v1.route('/helpdesk', portalPreviewRoutes(services.portal, platform));
  v1.route('/portal', portalRoutes(services.portal, platform));
  v1.route('/portal', portalRatingRoutes(services.ticketRatings, platform));
  v1.route('/helpdesk/customers', customerAccountsRoutes(services.customerAccounts, platform));
  v1.route('/public/ratings', publicRatingRoutes(services.ticketRatings));
  v1.route('/public/sign-up', customerSignUpRoutes(services.customerAccounts, platform));
  // Every marketing route needs a member; the module's routes state their permissions.
  v1.route('/marketing', memberRouter(auth, database.db).route('/', marketingRoutes(services.marketing)));
  v1.route('/exports', exportsRoutes(platform));
  v1.route('/activity', activityRoutes(auth, database.db, activityAudience));
  v1.route(
    '/events',
    eventsRoutes(auth, database.db, {
      hub: platform.realtime,
      audience: activityAudience,
      limits: config.eventStreams,
      trustProxy: config.trustProxy,
    }),
  );
  v1.route('/api-tokens', apiTokensRoutes(apiTokens, platform));
  v1.route('/notifications', notificationsRoutes(auth, database.db, services.notifications));
  v1.route('/mail/outbox', outboxRoutes(auth, database.db, platform.mailer));
  v1.route('/jobs', jobsRoutes(auth, database.db, createJobsAdmin({ db: database.db, jobs: platform.jobs })));
  v1.get('/openapi.json', serveOpenApiDocument(apiDescription, platform.version));
  api.route('/v1', v1);

  app.route('/api', api);
  // Unknown API paths answer in the error format, never with the SPA's index.html.
  app.all('/api/*', handleNotFound);
  app.route('/', knowledgeImageRoutes(services.knowledge, platform));
  // The public help centre: pages made here, not by the SPA (ADR 030).
  app.route('/help', helpCentreRoutes(services, platform));
  // Campaign mail's pixel, links and unsubscribe page (issue 23): short addresses, no sign-in.
  app.route('/m', campaignMailRoutes(services.marketing));
  app.get('/robots.txt', robotsTxt);
  app.route('/', spaRoutes(config.webDistDir, log));
  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
