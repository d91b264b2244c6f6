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
];
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
      const name = projectKinds[i] ?? `${random.pick(projectKinds)} ${faker.location.city()}`;
      plans.push({ id, name, team, taskStatuses, startDays, endDays });
      yield {
        tenantId,
        id,
        name,
        description: `${faker.company.catchPhrase()}.`,
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
