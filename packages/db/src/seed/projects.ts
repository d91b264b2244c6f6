// Projects, team members, tasks, comments and subtasks (spec 9: 15 projects with 3-12 tasks,
// budget 10000-500000, estimated hours 1-40; progress is the share of done tasks).
import type { ProjectStatus, TaskStatus } from '@atrium/shared';
import { projectMembers, projects, subtasks, taskComments, tasks } from '../schema/index';
import { addHours, isoDate, minDate } from './random';
import { expand, sum, type People, type Person, type SeedRun } from './run';

const projectKinds = [
  'Website Redesign',
  'Mobile App',
  'Data Platform',
  'Customer Portal',
  'CRM Migration',
  'Brand Refresh',
  'Onboarding Revamp',
  'Analytics Dashboard',
  'Payment Integration',
  'Security Audit',
  'Office Relocation',
  'API Gateway',
  'Product Launch',
  'Support Automation',
  'Hiring Campaign',
] as const;
/** What each kind of project sets out to do: two ways of putting it per kind. */
const projectPlans: Record<(typeof projectKinds)[number], readonly [string, string]> = {
  'Website Redesign': [
    'Rebuild the public website on the new design system, with faster pages and a clearer path from pricing to a trial.',
    'Redesign the marketing site around customer stories and move its content into the new CMS.',
  ],
  'Mobile App': [
    'Ship the first iOS and Android release: time tracking, shift swaps and push notifications for field staff.',
    'Bring the mobile app to parity with the web for approvals and offline clock-in.',
  ],
  'Data Platform': [
    'Move reporting off the production database into a warehouse with nightly loads and documented metrics.',
    'Consolidate the event pipelines into one platform with data quality checks and a retention policy.',
  ],
  'Customer Portal': [
    'Give customers one place to follow their tickets, invoices and contracts, with single sign-on.',
    'Replace the emailed status reports with a self-service portal for open requests and usage.',
  ],
  'CRM Migration': [
    'Migrate accounts, contacts and open deals from the legacy CRM without losing their history.',
    'Move the sales team to the new CRM and retire the spreadsheets that track renewals.',
  ],
  'Brand Refresh': [
    'Update the logo, colours and tone of voice, and roll them out across the product, site and sales decks.',
    'Refresh the brand guidelines and replace the old templates in every customer-facing document.',
  ],
  'Onboarding Revamp': [
    'Cut the time from signing a contract to first value: guided setup, sample data and a welcome sequence.',
    'Rework new-hire onboarding: equipment, accounts and a first-week plan ready before day one.',
  ],
  'Analytics Dashboard': [
    'Build the executive dashboard: revenue, churn and pipeline in one view, refreshed every morning.',
    'Give team leads a dashboard of workload, overdue tasks and hours against estimates.',
  ],
  'Payment Integration': [
    'Add card and SEPA payments to checkout, with retries for failed charges and automatic receipts.',
    'Connect invoicing to the payment provider so that paid invoices reconcile themselves.',
  ],
  'Security Audit': [
    'Prepare for the SOC 2 audit: access reviews, logging, vendor assessments and the evidence binder.',
    'Run the yearly penetration test and fix its findings by severity before the renewal deadline.',
  ],
  'Office Relocation': [
    'Move the headquarters to the new floor: seating plan, network, meeting rooms and a weekend move.',
    'Plan the move to the new office with no lost working day: IT, furniture, access badges.',
  ],
  'API Gateway': [
    'Put every public API behind one gateway with rate limits, API keys and usage analytics.',
    'Version the public API and publish its reference, with a deprecation path for the old endpoints.',
  ],
  'Product Launch': [
    'Launch the new plan tier: pricing, release notes, sales training and the launch webinar.',
    'Take the new scheduling module from beta to general availability, with docs and a launch campaign.',
  ],
  'Support Automation': [
    'Route incoming tickets by topic and urgency, and answer the common questions from the knowledge base.',
    'Cut first-response time with macros, SLA alerts and a chatbot for password and billing questions.',
  ],
  'Hiring Campaign': [
    'Hire twelve engineers and two designers this half: job posts, referral drive and a faster interview loop.',
    'Staff the new support team: sourcing, interviews and onboarding for eight hires by the end of the quarter.',
  ],
};
/** How the project is followed up. */
const reviewCadences = ['every week', 'every two weeks', 'at each milestone', 'once a month'] as const;
const stakeholders = [
  'the leadership team',
  'the department heads',
  'the client',
  'the steering group',
  'the product council',
] as const;

const projectTags = [
  'frontend',
  'backend',
  'design',
  'research',
  'infrastructure',
  'marketing',
  'compliance',
  'customer',
  'internal',
];
const taskVerbs = [
  'Design',
  'Implement',
  'Review',
  'Test',
  'Document',
  'Plan',
  'Refactor',
  'Deploy',
  'Research',
  'Migrate',
];
const taskObjects = [
  'login flow',
  'pricing page',
  'database schema',
  'onboarding emails',
  'API endpoints',
  'dashboard widgets',
  'release notes',
  'user interviews',
  'search filters',
  'payment webhook',
  'access controls',
  'reporting export',
  'mobile layout',
  'notification settings',
  'performance budget',
];
const taskTags = ['bug', 'feature', 'ux', 'tech-debt', 'blocked', 'quick-win', 'spike'];
const commentTexts = [
  'Looks good to me.',
  'Can we split this into two tasks?',
  'Blocked on the API change.',
  'Pushed a first draft for review.',
  'Updated the estimate after the spike.',
  'Customer confirmed the requirement.',
  'Moving this to next sprint.',
  'Ready for QA.',
];
const subtaskTitles = [
  'Write acceptance criteria',
  'Create mockups',
  'Update tests',
  'Code review',
  'Update documentation',
  'Deploy to staging',
  'Verify in production',
  'Notify stakeholders',
];

/** Task statuses by project status: a completed project's tasks are all done. */
const taskStatusWeights: Record<ProjectStatus, readonly (readonly [TaskStatus, number])[]> = {
  planning: [
    ['todo', 80],
    ['in-progress', 20],
  ],
  active: [
    ['todo', 30],
    ['in-progress', 25],
    ['review', 15],
    ['done', 30],
  ],
  'on-hold': [
    ['todo', 40],
    ['in-progress', 30],
    ['done', 30],
  ],
  completed: [['done', 1]],
  cancelled: [
    ['todo', 50],
    ['in-progress', 20],
    ['done', 30],
  ],
};

type ProjectPlan = {
  id: string;
  name: string;
  team: Person[];
  taskStatuses: TaskStatus[];
  startDays: number;
  endDays: number;
};

type TaskPlan = {
  id: string;
  title: string;
  status: TaskStatus;
  assignee: Person | null;
  team: Person[];
  createdAt: Date;
  comments: number;
  subtasks: number;
};

export type ProjectData = {
  projects: { id: string; name: string }[];
  tasks: { id: string; title: string }[];
};

export async function seedProjects(run: SeedRun, people: People): Promise<ProjectData> {
  const { random, loader, tenantId, counts } = run;
  const { faker } = random;
  const plans: ProjectPlan[] = [];
  const taskPlans: TaskPlan[] = [];

  function* projectRows() {
    for (let i = 0; i < counts.projects; i++) {
      const id = random.uuid();
      const status: ProjectStatus = random.weighted([
        ['active', 50],
        ['planning', 15],
        ['on-hold', 10],
        ['completed', 20],
        ['cancelled', 5],
      ]);
      const startDays =
        status === 'planning'
          ? random.int(5, 60)
          : status === 'completed'
            ? -random.int(150, 400)
            : -random.int(10, 180);
      // Completed projects ended in the past; a tenth of active ones are past their end date.
      const endDays =
        status === 'completed'
          ? random.int(startDays + 30, -5)
          : status === 'active' && random.chance(0.1)
            ? random.int(startDays + 5, -1)
            : startDays + random.int(60, 240);
      const manager = random.pick(people.managers);
      const others = random.sample(people.active, random.inRange(counts.membersPerProject) - 1);
      const team = [manager, ...others.filter((p) => p !== manager)];
      const taskStatuses = Array.from({ length: random.inRange(counts.tasksPerProject) }, () =>
        random.weighted(taskStatusWeights[status]),
      );
      const kind = projectKinds[i] ?? random.pick(projectKinds);
      const name = projectKinds[i] ? kind : `${kind} ${faker.location.city()}`;
      plans.push({ id, name, team, taskStatuses, startDays, endDays });
      yield {
        tenantId,
        id,
        name,
        // Three draws, as many as the phrase generator this replaced: the rows after it stay the same.
        description: `${random.pick(projectPlans[kind])} Reviewed ${random.pick(reviewCadences)} with ${random.pick(stakeholders)}.`,
        status,
        priority: random.weighted([
          ['low', 15],
          ['medium', 40],
          ['high', 30],
          ['critical', 15],
        ] as const),
        startDate: isoDate(random.daysFromNow(startDays)),
        endDate: isoDate(random.daysFromNow(endDays)),
        budget: random.int(10, 500) * 1000,
        progress: taskStatuses.length
          ? Math.round((taskStatuses.filter((s) => s === 'done').length / taskStatuses.length) * 100)
          : 0,
        taskCount: taskStatuses.length,
        managerId: manager.id,
        client: random.chance(0.7) ? faker.company.name() : null,
        tags: random.sample(projectTags, random.int(1, 3)),
        createdAt: random.daysFromNow(Math.min(startDays, 0) - 7),
        updatedAt: random.daysFromNow(-random.int(0, 6)),
      };
    }
  }
  await loader.load(projects, counts.projects, projectRows());

  await loader.load(
    projectMembers,
    sum(plans, (p) => p.team.length),
    expand(plans, (project) =>
      project.team.map((member) => ({
        tenantId,
        id: random.uuid(),
        projectId: project.id,
        employeeId: member.id,
        createdAt: random.daysFromNow(Math.min(project.startDays, 0)),
        updatedAt: random.daysFromNow(Math.min(project.startDays, 0)),
      })),
    ),
  );

  await loader.load(
    tasks,
    sum(plans, (p) => p.taskStatuses.length),
    expand(plans, (project) => {
      const positions = new Map<TaskStatus, number>();
      const projectTasks: TaskPlan[] = [];
      return project.taskStatuses.map((status) => {
        const id = random.uuid();
        const title = `${random.pick(taskVerbs)} ${random.pick(taskObjects)}`;
        const assignee = random.chance(0.9) ? random.pick(project.team) : null;
        const startDays = random.int(project.startDays, Math.max(project.startDays, project.endDays - 1));
        const dueDays = random.chance(0.1)
          ? null
          : random.int(startDays, Math.max(startDays, project.endDays));
        const estimatedHours = random.int(2, 80) / 2;
        const position = (positions.get(status) ?? 0) + 1024;
        positions.set(status, position);
        const createdAt = random.daysFromNow(Math.min(startDays, 0) - random.int(1, 10));
        const dependency =
          projectTasks.length > 0 && random.chance(0.15) ? random.pick(projectTasks).id : null;
        const plan = {
          id,
          title,
          status,
          assignee,
          team: project.team,
          createdAt,
          comments: random.inRange(counts.commentsPerTask),
          subtasks: random.inRange(counts.subtasksPerTask),
        };
        projectTasks.push(plan);
        taskPlans.push(plan);
        const row = {
          tenantId,
          id,
          projectId: project.id,
          title,
          description: `${title} for the ${random.pick(projectTags)} workstream.`,
          status,
          priority: random.weighted([
            ['low', 30],
            ['medium', 45],
            ['high', 25],
          ] as const),
          assigneeId: assignee?.id ?? null,
          reporterId: project.team[0]?.id ?? null,
          estimatedHours,
          // Done and review work has actual hours; some exceed the 120% estimation warning (spec 9).
          actualHours:
            status === 'done' || status === 'review'
              ? Math.round(estimatedHours * random.float(0.6, 1.5) * 2) / 2
              : status === 'in-progress' && random.chance(0.5)
                ? Math.round(estimatedHours * random.float(0.2, 0.9) * 2) / 2
                : null,
          startDate: isoDate(random.daysFromNow(startDays)),
          dueDate: dueDays === null ? null : isoDate(random.daysFromNow(dueDays)),
          tags: random.sample(taskTags, random.int(0, 3)),
          position,
          dependencies: dependency ? [dependency] : [],
          attachments: random.chance(0.2)
            ? [
                {
                  name: 'specification.pdf',
                  sizeBytes: random.int(20_000, 4_000_000),
                  storageKey: `seed/tasks/${id}/specification.pdf`,
                },
              ]
            : [],
          createdAt,
          updatedAt: minDate(addHours(createdAt, random.int(1, 24 * 20)), random.now),
        };
        // Moving to done was the task's last change.
        return { ...row, completedAt: status === 'done' ? row.updatedAt : null };
      });
    }),
  );

  await loader.load(
    taskComments,
    sum(taskPlans, (t) => t.comments),
    expand(taskPlans, (task) =>
      Array.from({ length: task.comments }, (_, i) => {
        const at = minDate(addHours(task.createdAt, (i + 1) * random.int(2, 48)), random.now);
        return {
          tenantId,
          id: random.uuid(),
          taskId: task.id,
          authorId: random.pick(task.team).id,
          content: random.pick(commentTexts),
          createdAt: at,
          updatedAt: at,
        };
      }),
    ),
  );

  await loader.load(
    subtasks,
    sum(taskPlans, (t) => t.subtasks),
    expand(taskPlans, (task) =>
      random.sample(subtaskTitles, task.subtasks).map((title, i) => ({
        tenantId,
        id: random.uuid(),
        taskId: task.id,
        title,
        completed: task.status === 'done' || (task.status !== 'todo' && random.chance(0.5)),
        assigneeId: task.assignee?.id ?? null,
        position: (i + 1) * 1024,
        createdAt: task.createdAt,
        updatedAt: task.createdAt,
      })),
    ),
  );
  return { projects: plans, tasks: taskPlans };
}
