import type { Action, Me } from '@atrium/shared';
import type { QueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  Calendar,
  CalendarClock,
  ChartColumn,
  ChartLine,
  ChartPie,
  CircleHelp,
  Contact,
  FileText,
  Filter,
  FolderKanban,
  LayoutDashboard,
  LifeBuoy,
  ListTodo,
  Mail,
  MailX,
  Megaphone,
  Send,
  Settings,
  ShieldCheck,
  SquareKanban,
  Store,
  Target,
  Ticket,
  Timer,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { DashboardPage, loadDashboard } from '../features/dashboard';

export type AppPage = {
  path: string;
  /** The sidebar label (spec section 2, "Layouts"). */
  label: string;
  /** The screen's heading, when it is not the label. */
  title?: string;
  description: string;
  icon: LucideIcon;
  /** What a role needs to open the page; the sidebar hides it otherwise. None: every member. */
  action?: Action;
  /** A second action that opens the page as well (the portal: customers use it, agents preview it). */
  orAction?: Action;
  /** The built screen. Without one the page shows the placeholder (spec section 2, "Route table"). */
  screen?: () => Promise<ComponentType>;
  /** What the screen shows on arrival, fetched before it renders (its route's loader). */
  load?: (queryClient: QueryClient, me: Me) => Promise<unknown>;
  /** Spec section 2, "Route table": /team and /team/directory are the same screen, as are /projects and /projects/active. */
  opensFirstChild?: true;
  children?: readonly AppPage[];
  /** Pages of one record under this page (a ticket): routed and guarded like it, never in the sidebar. */
  recordPages?: readonly AppPage[];
};

/**
 * Every page of the app shell, once: the router, the sidebar, the access check and the placeholder
 * screen all read this table (spec section 2, "Layouts" and "Route table"; issue 3 for the actions).
 */
export const mainPages: readonly AppPage[] = [
  {
    path: '/dashboard',
    label: 'Dashboard',
    description: 'What is happening across your workspace.',
    icon: LayoutDashboard,
    action: 'dashboard:view',
    // The home page, where signing in lands: part of the app's entry rather than a lazy module, so
    // that it downloads with the entry instead of after it (ADR 013).
    screen: () => Promise.resolve(DashboardPage),
    load: loadDashboard,
  },
  {
    path: '/team',
    label: 'Team Management',
    description: 'People, shifts, time and performance.',
    icon: Users,
    action: 'people:view',
    opensFirstChild: true,
    children: [
      {
        path: '/team/directory',
        label: 'Employee Directory',
        description: 'Everyone in the company: contact details, departments, status and ratings.',
        icon: Contact,
        action: 'people:view',
        screen: () =>
          import('../features/employees/pages/directory-page').then((module) => module.DirectoryPage),
      },
      {
        path: '/team/scheduling',
        label: 'Scheduling',
        description: 'Plan shifts week by week, spot conflicts and over-scheduled people.',
        icon: CalendarClock,
        action: 'schedule:view',
        screen: () =>
          import('../features/scheduling/pages/scheduling-page').then((module) => module.SchedulingPage),
      },
      {
        path: '/team/time-tracking',
        label: 'Time Tracking',
        description: 'Clock in and out, review timesheets and approve hours and overtime.',
        icon: Timer,
        action: 'time:track-own',
        screen: () =>
          import('../features/time-tracking/pages/time-tracking-page').then(
            (module) => module.TimeTrackingPage,
          ),
      },
      {
        path: '/team/performance',
        label: 'Performance',
        description: 'Reviews, ratings and goals, with the people who need a review next.',
        icon: TrendingUp,
        action: 'performance:view',
        screen: () =>
          import('../features/performance/pages/performance-page').then((module) => module.PerformancePage),
      },
    ],
  },
  {
    path: '/projects',
    label: 'Project Management',
    description: 'Projects, tasks, boards and reports.',
    icon: FolderKanban,
    action: 'projects:view',
    opensFirstChild: true,
    children: [
      {
        path: '/projects/active',
        label: 'Active Projects',
        title: 'Projects',
        description: 'Every project with its status, progress, budget and team.',
        icon: FolderKanban,
        action: 'projects:view',
        screen: () =>
          import('../features/projects/pages/projects-page').then((module) => module.ProjectsPage),
      },
      {
        path: '/projects/tasks',
        label: 'Tasks & Workflows',
        description: 'All tasks across projects: filter, sort and keep work moving.',
        icon: ListTodo,
        action: 'tasks:work',
        screen: () => import('../features/tasks/pages/task-list-page').then((module) => module.TaskListPage),
      },
      {
        path: '/projects/kanban',
        label: 'Kanban Board',
        description: 'Drag tasks from To Do to Done, one column per status.',
        icon: SquareKanban,
        action: 'projects:view',
        screen: () => import('../features/tasks/pages/kanban-page').then((module) => module.KanbanPage),
      },
      {
        path: '/projects/reports',
        label: 'Reports',
        title: 'Project Reports',
        description: 'Budgets, completion rates and team workload across projects.',
        icon: ChartColumn,
        action: 'reports:view',
        screen: () => import('../features/reports/pages/reports-page').then((module) => module.ReportsPage),
      },
    ],
  },
  {
    path: '/helpdesk',
    label: 'Help Desk',
    description: 'Support tickets, answers and service levels in one place.',
    icon: LifeBuoy,
    action: 'helpdesk:view',
    screen: () =>
      import('../features/helpdesk/pages/helpdesk-overview-page').then(
        (module) => module.HelpdeskOverviewPage,
      ),
    children: [
      {
        path: '/helpdesk/tickets',
        label: 'Tickets',
        title: 'Support Tickets',
        description: 'Customer requests by priority and status, with their SLA clocks.',
        icon: Ticket,
        action: 'helpdesk:view',
        screen: () =>
          import('../features/helpdesk/pages/ticket-queue-page').then((module) => module.TicketQueuePage),
        recordPages: [
          {
            path: '/helpdesk/tickets/:id',
            label: 'Ticket',
            description: 'One ticket: the conversation with the customer, internal notes and its details.',
            icon: Ticket,
            action: 'helpdesk:view',
            screen: () =>
              import('../features/helpdesk/pages/ticket-page').then((module) => module.TicketPage),
          },
        ],
      },
      {
        path: '/helpdesk/kb',
        label: 'Knowledge Base',
        description: 'Articles that answer customers before they need to ask.',
        icon: BookOpen,
        action: 'helpdesk:view',
        screen: () => import('../features/knowledge').then((module) => module.KnowledgeBasePage),
        recordPages: [
          {
            path: '/helpdesk/kb/new',
            label: 'New article',
            description: 'A new knowledge-base article, a draft until it is published.',
            icon: BookOpen,
            action: 'helpdesk:view',
            screen: () => import('../features/knowledge').then((module) => module.NewArticlePage),
          },
          {
            path: '/helpdesk/kb/articles/:id',
            label: 'Article',
            description: 'One knowledge-base article: its text, status, review and history.',
            icon: BookOpen,
            action: 'helpdesk:view',
            screen: () => import('../features/knowledge').then((module) => module.ArticlePage),
          },
        ],
      },
      {
        path: '/helpdesk/portal',
        label: 'Customer Portal',
        description: 'Open a ticket, follow your requests and find answers.',
        icon: Store,
        action: 'portal:use',
        // Issue 22: agents open the portal as a chosen customer sees it (read only).
        orAction: 'helpdesk:view',
        screen: () => import('../features/portal').then((module) => module.PortalHomePage),
        recordPages: [
          {
            path: '/helpdesk/portal/new',
            label: 'New ticket',
            description: 'Ask the help desk a question.',
            icon: Store,
            action: 'portal:use',
            screen: () => import('../features/portal').then((module) => module.PortalNewTicketPage),
          },
          {
            path: '/helpdesk/portal/tickets/:id',
            label: 'Ticket',
            description: 'One of your requests and the conversation about it.',
            icon: Store,
            action: 'portal:use',
            orAction: 'helpdesk:view',
            screen: () => import('../features/portal').then((module) => module.PortalTicketPage),
          },
          {
            path: '/helpdesk/portal/articles/:slug',
            label: 'Article',
            description: 'An answer from the knowledge base.',
            icon: BookOpen,
            action: 'portal:use',
            screen: () => import('../features/portal').then((module) => module.PortalArticlePage),
          },
        ],
      },
      {
        path: '/helpdesk/sla',
        label: 'SLA Management',
        description: 'Response and resolution targets for each service tier.',
        icon: ShieldCheck,
        action: 'helpdesk:view',
        screen: () => import('../features/helpdesk/pages/sla-page').then((module) => module.SlaPage),
      },
    ],
  },
  {
    path: '/marketing',
    label: 'Marketing Automation',
    description: 'Campaigns, sequences and leads, measured end to end.',
    icon: Megaphone,
    action: 'marketing:view',
    screen: () => import('../features/marketing').then((module) => module.MarketingOverviewPage),
    children: [
      {
        path: '/marketing/campaigns',
        label: 'Campaigns',
        description: 'Email, SMS, social and webinar campaigns with their budgets and results.',
        icon: Send,
        action: 'marketing:view',
        screen: () => import('../features/marketing').then((module) => module.CampaignListPage),
        recordPages: [
          {
            path: '/marketing/campaigns/:id',
            label: 'Campaign',
            description: 'One campaign: its audience, sending and results.',
            icon: Send,
            action: 'marketing:view',
            screen: () => import('../features/marketing').then((module) => module.CampaignPage),
          },
          {
            path: '/marketing/campaigns/:id/edit',
            label: 'Edit email',
            description: 'The email of a campaign: its blocks, subject and sender, previewed as a lead.',
            icon: Mail,
            action: 'marketing:manage',
            screen: () => import('../features/marketing').then((module) => module.CampaignEditorPage),
          },
        ],
      },
      {
        path: '/marketing/segments',
        label: 'Segments',
        description: 'Saved groups of leads that campaigns go to, counted as you build them.',
        icon: Filter,
        action: 'marketing:view',
        screen: () => import('../features/marketing').then((module) => module.SegmentsPage),
      },
      {
        path: '/marketing/suppressions',
        label: 'Suppression list',
        description: 'Addresses no campaign is sent to: unsubscribed, bounced, complained or added by hand.',
        icon: MailX,
        action: 'marketing:view',
        screen: () => import('../features/marketing').then((module) => module.SuppressionsPage),
      },
      {
        path: '/marketing/email',
        label: 'Email Sequences',
        description: 'Automated series of emails that nurture leads over time.',
        icon: Mail,
        action: 'marketing:view',
      },
      {
        path: '/marketing/leads',
        label: 'Lead Management',
        description: 'Every lead with its source, score and stage in the funnel.',
        icon: Target,
        action: 'marketing:view',
        recordPages: [
          {
            path: '/marketing/leads/:id',
            label: 'Lead',
            description:
              'One lead: its details, its stage and its value, and the campaign its value counts for.',
            icon: Target,
            action: 'marketing:view',
            screen: () => import('../features/marketing').then((module) => module.LeadPage),
          },
        ],
      },
      {
        path: '/marketing/analytics',
        label: 'Analytics',
        title: 'Marketing Analytics',
        description: 'Opens, clicks and conversions for every campaign.',
        icon: ChartLine,
        action: 'marketing:view',
      },
    ],
  },
  {
    path: '/analytics',
    label: 'Analytics',
    description: 'Dashboards, real-time reports, data export and KPI tracking.',
    icon: ChartPie,
    action: 'analytics:view',
  },
  {
    path: '/calendar',
    label: 'Calendar',
    description: 'Meetings, deadlines and events for you and your team.',
    icon: Calendar,
    action: 'calendar:use',
  },
  {
    path: '/documents',
    label: 'Documents',
    description: 'Files shared across the workspace, with who may see and edit them.',
    icon: FileText,
    action: 'documents:view',
  },
];

/** Spec section 2: the sidebar footer. */
export const footerPages: readonly AppPage[] = [
  {
    path: '/settings',
    label: 'Settings',
    description: 'Your own settings, and for Admins the workspace, its members and the mail it sends.',
    icon: Settings,
    // Every staff member has their own tab (Notifications); the Admin tabs say settings:manage.
    action: 'workspace:view',
    screen: () => import('../features/settings/pages/settings-page').then((module) => module.SettingsPage),
  },
  {
    path: '/support',
    label: 'Help & Support',
    description: 'How to reach us, and how to get your team started.',
    icon: CircleHelp,
    screen: () => import('../features/support/pages/support-page').then((module) => module.SupportPage),
  },
];

/** Every page, sections before their children. */
export const allPages: readonly AppPage[] = [...mainPages, ...footerPages].flatMap((page) => [
  page,
  ...(page.children ?? []),
]);

/** The page a section path opens: itself, or its first child (/team shows /team/directory). */
/** Whether someone with these rights may open the page (its action, or its second one). */
export const mayOpenPage = (page: AppPage, can: (action: Action) => boolean) =>
  !page.action || can(page.action) || (page.orAction !== undefined && can(page.orAction));

export function screenPageOf(page: AppPage): AppPage {
  return page.opensFirstChild && page.children?.[0] ? page.children[0] : page;
}
