// Employees, schedules, shifts, reviews, goals and time entries (spec 9 volumes and ranges).
import {
  demoEmail,
  entryHours,
  overtimeHours,
  standardWorkday,
  type GoalStatus,
  type TimeEntryStatus,
  type UserStatus,
} from '@atrium/shared';
import { employees, goals, performanceReviews, shifts, timeEntries, workSchedules } from '../schema/index';
import { addHours, isoDate, minDate } from './random';
import { expand, stamps, sum, type People, type Person, type SeedRun } from './run';

export const departments = [
  'Engineering',
  'Sales',
  'Marketing',
  'HR',
  'Finance',
  'Operations',
  'Support',
  'Design',
] as const;

const jobTitles: Record<(typeof departments)[number], string[]> = {
  Engineering: [
    'Software Engineer',
    'Senior Software Engineer',
    'QA Engineer',
    'DevOps Engineer',
    'Data Engineer',
  ],
  Sales: ['Account Executive', 'Sales Development Rep', 'Account Manager', 'Sales Engineer'],
  Marketing: ['Marketing Specialist', 'Content Writer', 'SEO Specialist', 'Growth Marketer'],
  HR: ['HR Generalist', 'Recruiter', 'People Partner'],
  Finance: ['Accountant', 'Financial Analyst', 'Payroll Specialist'],
  Operations: ['Operations Analyst', 'Office Manager', 'Project Coordinator'],
  Support: ['Support Agent', 'Senior Support Agent', 'Customer Success Manager'],
  Design: ['Product Designer', 'UX Researcher', 'Visual Designer'],
};

const timeZones = [
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Berlin',
  'UTC',
];

/**
 * The demo logins a later issue attaches to employees: the first employee is the current user
 * (spec 1) and becomes the workspace admin; the others cover each role.
 */
const demoPeople = {
  admin: { email: demoEmail('admin'), department: 'Operations', jobTitle: 'Operations Director' },
  manager: { email: demoEmail('manager'), department: 'Engineering', jobTitle: 'Engineering Manager' },
  employee: { email: demoEmail('employee'), department: 'Engineering', jobTitle: 'Software Engineer' },
  contractor: { email: demoEmail('contractor'), department: 'Design', jobTitle: 'UX Designer' },
} as const;

/** Scheduling patterns for the current week (spec 2 templates; spec 9 over-scheduled/unassigned). */
const schedulePatterns = {
  fullTime: {
    weeklyHours: 40,
    days: [1, 2, 3, 4, 5],
    start: standardWorkday.start,
    end: standardWorkday.end,
  },
  partTime: { weeklyHours: 24, days: [1, 3, 5], start: standardWorkday.start, end: standardWorkday.end },
  overScheduled: {
    weeklyHours: 48,
    days: [1, 2, 3, 4, 5, 6],
    start: standardWorkday.start,
    end: standardWorkday.end,
  },
  nightShift: { weeklyHours: 40, days: [1, 2, 3, 4, 5], start: '22:00', end: '06:00' },
  unassigned: { weeklyHours: 40, days: [], start: standardWorkday.start, end: standardWorkday.end },
} as const;

type EmployeePlan = Person & {
  status: UserStatus;
  managerId: string | null;
  pattern: keyof typeof schedulePatterns;
  reviews: number;
  goals: number;
  timeEntries: number;
  clockedIn: boolean;
};

export async function seedPeople(run: SeedRun): Promise<People> {
  const { random, loader, tenantId, counts } = run;
  const { faker } = random;
  const total = counts.employees;
  const managerCount = Math.min(total, Math.max(2, Math.ceil(total / 8)));
  // Fixed positions for the demo logins: admin first, the manager among the managers, the
  // employee and contractor right after them, reporting to the manager.
  const fixed = new Map<number, keyof typeof demoPeople>([
    [0, 'admin'],
    [1, 'manager'],
    [managerCount, 'employee'],
    [managerCount + 1, 'contractor'],
  ]);
  const plans: EmployeePlan[] = [];
  const emails = new Set<string>();
  // Managers report to the admin; the demo employee and contractor to the demo manager;
  // everyone else to one of the managers.
  const managerOf = (i: number, account: string | undefined) => {
    const manager =
      i < managerCount ? plans[0] : account ? plans[1] : random.pick(plans.slice(1, managerCount));
    return manager?.id ?? null;
  };

  function* employeeRows() {
    for (let i = 0; i < total; i++) {
      const account = fixed.get(i);
      const fixedAccount = account ? demoPeople[account] : undefined;
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      const department = fixedAccount?.department ?? random.pick(departments);
      // Demo logins and managers are active; spec 9 "statuses mostly active" for the rest.
      const status: UserStatus =
        account || i < managerCount
          ? 'active'
          : random.weighted([
              ['active', 85],
              ['inactive', 10],
              ['pending', 5],
            ]);
      const id = random.uuid();
      const managerId = i === 0 ? null : managerOf(i, account);
      const email = fixedAccount?.email ?? uniqueEmail(emails, firstName, lastName);
      // Pending employees are being onboarded: they started in the last two weeks.
      const startDaysAgo = status === 'pending' ? random.int(0, 14) : random.int(45, 8 * 365);
      const pattern: EmployeePlan['pattern'] =
        status !== 'active'
          ? 'unassigned'
          : account
            ? 'fullTime'
            : random.weighted([
                ['fullTime', 75],
                ['partTime', 12],
                ['overScheduled', 6],
                ['nightShift', 3],
                ['unassigned', 4],
              ]);
      const entries = Math.min(random.inRange(counts.timeEntriesPerEmployee), counts.timeEntryDays - 1);
      plans.push({
        id,
        name: `${firstName} ${lastName}`,
        department,
        active: status === 'active',
        status,
        managerId,
        pattern,
        reviews: random.inRange(counts.reviewsPerEmployee),
        goals: random.inRange(counts.goalsPerEmployee),
        timeEntries: entries,
        // A few active employees are clocked in right now (Live Clock).
        clockedIn: status === 'active' && random.chance(0.1),
      });
      yield {
        tenantId,
        id,
        employeeCode: `EMP${String(i + 1).padStart(3, '0')}`,
        firstName,
        lastName,
        email,
        phone: random.chance(0.85) ? faker.phone.number({ style: 'national' }) : null,
        department,
        jobTitle:
          fixedAccount?.jobTitle ??
          (i < managerCount ? `${department} Lead` : random.pick(jobTitles[department])),
        status,
        startDate: isoDate(random.daysFromNow(-startDaysAgo)),
        managerId,
        salary: random.int(400, 1500) * 100,
        hourlyRate: random.float(15, 75),
        timeZone: random.pick(timeZones),
        avatarUrl: null,
        deletedAt: null,
        ...stamps(random, startDaysAgo + 7),
      };
    }
  }
  await loader.load(employees, total, employeeRows());

  const all: Person[] = plans;
  const active = plans.filter((p) => p.active);
  const managers = plans.slice(0, managerCount);
  const byDepartment = new Map<string, Person[]>();
  for (const person of active) {
    const group = byDepartment.get(person.department);
    if (group) group.push(person);
    else byDepartment.set(person.department, [person]);
  }
  const people: People = { all, active, managers, inDepartment: (d) => byDepartment.get(d) ?? active };

  await loader.load(
    workSchedules,
    total,
    plans.map((plan) => ({
      tenantId,
      id: random.uuid(),
      employeeId: plan.id,
      weeklyHours: schedulePatterns[plan.pattern].weeklyHours,
      overtimeThreshold: standardWorkday.weeklyHours,
      ...stamps(random, 30),
    })),
  );

  // Spec 9: the calendar week starts on Sunday; shifts are this week's.
  const sunday = -random.now.getUTCDay();
  await loader.load(
    shifts,
    sum(plans, (p) => schedulePatterns[p.pattern].days.length),
    expand(plans, (plan) => {
      const pattern = schedulePatterns[plan.pattern];
      return pattern.days.map((day) => ({
        tenantId,
        id: random.uuid(),
        employeeId: plan.id,
        date: isoDate(random.dayAt(sunday + day)),
        startTime: pattern.start,
        endTime: pattern.end,
        breakMinutes: standardWorkday.breakMinutes,
        isActive: true,
        ...stamps(random, 7),
      }));
    }),
  );

  await seedPerformance(run, plans);
  await seedTimeEntries(run, plans);
  return people;
}

function uniqueEmail(taken: Set<string>, firstName: string, lastName: string): string {
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  let email = `${local}@acme.test`;
  for (let n = 2; taken.has(email); n++) email = `${local}${n}@acme.test`;
  taken.add(email);
  return email;
}

const reviewCategories = ['Technical Skills', 'Communication', 'Teamwork', 'Leadership', 'Initiative'];

const reviewFeedback: Record<number, string[]> = {
  3: ['Meets expectations and delivers reliably.', 'Solid quarter; room to take on more ownership.'],
  4: ['Consistently exceeds expectations.', 'Strong contributor who raises the bar for the team.'],
  5: ['Exceptional impact across the organization.', 'Outstanding results and leadership this period.'],
};

const goalTitles = [
  'Complete leadership training',
  'Improve customer satisfaction score',
  'Ship the quarterly roadmap items',
  'Mentor a new team member',
  'Reduce average response time',
  'Earn a professional certification',
  'Document team processes',
  'Increase test coverage',
  'Close three enterprise deals',
  'Present at the company all-hands',
];

const goalDescriptions = [
  'Agreed in the last review; check in monthly.',
  'Supports the team objective for this half-year.',
  'Stretch goal with support from the manager.',
  'Tracked in the weekly one-on-one.',
];

async function seedPerformance(run: SeedRun, plans: EmployeePlan[]) {
  const { random, loader, tenantId } = run;
  const now = random.now;
  // The last completed quarter, then the ones before it.
  const lastQuarter = Math.floor(now.getUTCMonth() / 3) - 1;

  await loader.load(
    performanceReviews,
    sum(plans, (p) => p.reviews),
    expand(plans, (plan) =>
      Array.from({ length: plan.reviews }, (_, back) => {
        const quarter = lastQuarter - back;
        const year = now.getUTCFullYear() + Math.floor(quarter / 4);
        const q = ((quarter % 4) + 4) % 4;
        const quarterEnd = new Date(Date.UTC(year, q * 3 + 3, 1));
        const reviewedAt = minDate(
          new Date(quarterEnd.getTime() + random.int(3, 20) * 86_400_000),
          random.daysFromNow(-1),
        );
        // Spec 9: performance ratings 3-5; overall is the rounded mean of the categories.
        const categories = random.sample(reviewCategories, 4).map((name) => {
          const rating = random.int(3, 5);
          return { name, rating, feedback: random.pick(reviewFeedback[rating] ?? []) };
        });
        const overallRating = Math.round(
          categories.reduce((sum, c) => sum + c.rating, 0) / categories.length,
        );
        return {
          tenantId,
          id: random.uuid(),
          employeeId: plan.id,
          reviewerId: plan.managerId,
          period: `Q${q + 1} ${year}`,
          overallRating,
          categories,
          feedback: random.pick(reviewFeedback[overallRating] ?? []),
          nextPeriodGoals: random.pick(goalTitles),
          reviewedAt,
          createdAt: reviewedAt,
          updatedAt: reviewedAt,
        };
      }),
    ),
  );

  await loader.load(
    goals,
    sum(plans, (p) => p.goals),
    expand(plans, (plan) =>
      Array.from({ length: plan.goals }, () => {
        const status: GoalStatus = random.weighted([
          ['active', 50],
          ['completed', 35],
          ['overdue', 15],
        ]);
        const targetDays = status === 'active' ? random.int(15, 120) : -random.int(5, 90);
        const completedAt =
          status === 'completed' ? random.daysFromNow(targetDays - random.int(0, 10)) : null;
        return {
          tenantId,
          id: random.uuid(),
          employeeId: plan.id,
          title: random.pick(goalTitles),
          description: random.pick(goalDescriptions),
          targetDate: isoDate(random.daysFromNow(targetDays)),
          progress:
            status === 'completed' ? 100 : status === 'overdue' ? random.int(20, 90) : random.int(0, 90),
          status,
          completedAt,
          ...stamps(random, Math.max(30, -targetDays + 30)),
        };
      }),
    ),
  );
}

const entryNotes = [
  'Client meeting on site',
  'Sprint planning',
  'Covered the late shift',
  'Inventory count',
  'Training session',
];

/**
 * Spec 9: 5-20 entries per employee on distinct days of the last 30; hours and overtime by the
 * shared rules (spec 4). Older entries are mostly approved or rejected, the last week's mostly
 * waiting in the Approval Queue. A clocked-in employee's open entry counts toward the range.
 */
async function seedTimeEntries(run: SeedRun, plans: EmployeePlan[]) {
  const { random, loader, tenantId, counts } = run;
  const { faker } = random;
  const days = Array.from({ length: counts.timeEntryDays - 1 }, (_, i) => i + 2);

  function* rows() {
    for (const plan of plans) {
      const approver = plan.managerId ?? plans[0]?.id ?? null;
      // Past entries start two days back so none overlaps today's open clock-in.
      const past = plan.clockedIn ? plan.timeEntries - 1 : plan.timeEntries;
      for (const day of random.sample(days, past).sort((a, b) => a - b)) {
        const clockIn = random.dayAt(-day, random.int(7 * 60, 10 * 60));
        // Mostly a standard day; a fifth run into overtime, a tenth are short.
        const [shortest, longest] = random.weighted([
          [[450, 510], 70],
          [[511, 660], 20],
          [[240, 420], 10],
        ] as const);
        const minutes = random.int(shortest, longest);
        const clockOut = new Date(clockIn.getTime() + minutes * 60_000);
        const totalHours = entryHours(clockIn, clockOut);
        const status: TimeEntryStatus =
          day > 7
            ? random.weighted([
                ['approved', 70],
                ['rejected', 10],
                ['completed', 20],
              ])
            : random.weighted([
                ['completed', 80],
                ['approved', 20],
              ]);
        const decided = status === 'approved' || status === 'rejected';
        yield {
          tenantId,
          id: random.uuid(),
          employeeId: plan.id,
          clockIn,
          clockOut,
          totalHours,
          overtimeHours: overtimeHours(totalHours),
          status,
          notes: random.chance(0.2) ? random.pick(entryNotes) : null,
          location: random.chance(0.6)
            ? {
                latitude: faker.location.latitude(),
                longitude: faker.location.longitude(),
                address: faker.location.streetAddress(),
              }
            : null,
          approvedBy: decided ? approver : null,
          approvedAt: decided ? minDate(addHours(clockOut, random.int(1, 48)), random.now) : null,
          createdAt: clockIn,
          updatedAt: clockOut,
        };
      }
      if (plan.clockedIn) {
        const clockIn = random.daysFromNow(-random.int(30, 240) / 1440);
        yield {
          tenantId,
          id: random.uuid(),
          employeeId: plan.id,
          clockIn,
          clockOut: null,
          totalHours: null,
          overtimeHours: null,
          status: 'active' as const,
          notes: null,
          location: null,
          approvedBy: null,
          approvedAt: null,
          createdAt: clockIn,
          updatedAt: clockIn,
        };
      }
    }
  }
  await loader.load(
    timeEntries,
    sum(plans, (p) => p.timeEntries),
    rows(),
  );
}
