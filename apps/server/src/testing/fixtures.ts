import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  Action,
  BusinessCalendarView,
  CreateBusinessCalendarInput,
  CalendarEvent,
  CreatedApiToken,
  CreateEmployeeInput,
  CreateGoalInput,
  CreateProjectInput,
  CreateReviewInput,
  CreateShiftInput,
  CreateTaskInput,
  CreateTicketInput,
  EmployeeDetails,
  Goal,
  Invitation,
  ManualTimeEntryInput,
  ProjectDetails,
  Review,
  ScheduleMeetingInput,
  Shift,
  Subtask,
  TaskComment,
  TaskDetails,
  TicketDetails,
  TimeEntry,
} from '@atrium/shared';
import type { SessionClient } from './session-client';
import type { TestServer } from './test-server';

/**
 * Record builders for integration tests (issue 18): each makes one record through the HTTP API, as
 * a real client would, with values of its own, so no test depends on what another left behind.
 * Overrides set what a test asserts on; everything else is generated.
 */

let sequence = 0;

/** A short value no other builder call returns. */
export function unique(prefix: string) {
  sequence += 1;
  return `${prefix}-${sequence}-${randomUUID().slice(0, 8)}`;
}

/** A calendar date of its own (YYYY-MM-DD), `from` plus the next day of a sequence. */
let dayCount = 0;
export function uniqueDay(from = '2020-01-01') {
  dayCount += 1;
  return new Date(Date.parse(`${from}T00:00:00Z`) + dayCount * 86_400_000).toISOString().slice(0, 10);
}

/** A Sunday (the default week start) of its own, followed by `weeks - 1` more weeks no one else gets. */
let weekCount = 0;
export function uniqueSunday(weeks = 1) {
  weekCount += weeks;
  // 2040-01-01 is a Sunday.
  return new Date(Date.parse('2040-01-01T00:00:00Z') + (weekCount - weeks + 1) * 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** The JSON of a response with the expected status; throws with the body otherwise. */
export async function expectJson<T>(response: Response, status: number): Promise<T> {
  if (response.status !== status) {
    throw new Error(`${response.url}: expected ${status}, got ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

type Overrides<T> = Partial<T>;

/** The body the employee builder posts: a valid Add Employee form of its own. */
export function employeeInput(overrides: Overrides<CreateEmployeeInput> = {}): CreateEmployeeInput {
  return {
    firstName: unique('First'),
    lastName: unique('Last'),
    email: `${unique('person')}@example.com`,
    department: 'Engineering',
    jobTitle: 'Engineer',
    startDate: '2025-01-06',
    salary: 50000,
    ...overrides,
  };
}

/** Builders acting as `client`, who must be allowed to create each kind (an Admin, say). */
export function fixtures(client: SessionClient) {
  const post = async <T>(path: string, json: unknown, status = 201) =>
    expectJson<T>(await client.request(path, { method: 'POST', json }), status);
  return {
    employee: (overrides: Overrides<CreateEmployeeInput> = {}) =>
      post<EmployeeDetails>('/api/v1/employees', employeeInput(overrides)),
    project: (teamMemberIds: string[] = [], overrides: Overrides<CreateProjectInput> = {}) =>
      post<ProjectDetails>('/api/v1/projects', { name: unique('Project'), teamMemberIds, ...overrides }),
    task: (projectId: string, overrides: Overrides<Omit<CreateTaskInput, 'projectId'>> = {}) =>
      post<TaskDetails>('/api/v1/tasks', { projectId, title: unique('Task'), ...overrides }),
    comment: (taskId: string, content = unique('Comment')) =>
      post<TaskComment>(`/api/v1/tasks/${taskId}/comments`, { content }),
    subtask: (taskId: string, title = unique('Subtask')) =>
      post<Subtask>(`/api/v1/tasks/${taskId}/subtasks`, { title }),
    /** A help desk ticket an agent entered for a customer of its own. */
    ticket: (overrides: Overrides<CreateTicketInput> = {}) =>
      post<TicketDetails>('/api/v1/helpdesk/tickets', {
        subject: unique('Ticket'),
        description: unique('Description'),
        customerName: unique('Customer'),
        customerEmail: `${unique('customer')}@example.com`,
        ...overrides,
      }),
    /** A business calendar for SLA clocks: Monday to Friday 09:00-17:00 in UTC unless given. */
    slaCalendar: (overrides: Overrides<CreateBusinessCalendarInput> = {}) =>
      post<BusinessCalendarView>('/api/v1/helpdesk/sla/calendars', {
        name: unique('Calendar'),
        timeZone: 'UTC',
        periods: Object.fromEntries([1, 2, 3, 4, 5].map((day) => [day, [{ start: '09:00', end: '17:00' }]])),
        ...overrides,
      }),
    /** A closed entry (09:00-17:00 on a day of its own unless given), awaiting approval. */
    timeEntry: (employeeId: string, overrides: Overrides<Omit<ManualTimeEntryInput, 'employeeId'>> = {}) => {
      const day = uniqueDay();
      return post<TimeEntry>('/api/v1/time-entries', {
        employeeId,
        clockIn: `${day}T09:00:00Z`,
        clockOut: `${day}T17:00:00Z`,
        notes: unique('Entry'),
        ...overrides,
      });
    },
    /** An entry clocked in now (the person must have none open). */
    openEntry: (employeeId: string) => post<TimeEntry>('/api/v1/time-entries/clock-in', { employeeId }),
    /** 09:00-17:00 on a day of its own unless given. */
    shift: (employeeId: string, overrides: Overrides<Omit<CreateShiftInput, 'employeeId'>> = {}) =>
      post<Shift>('/api/v1/scheduling/shifts', {
        employeeId,
        date: uniqueDay('2030-01-01'),
        startTime: '09:00',
        endTime: '17:00',
        ...overrides,
      }),
    review: (employeeId: string, overrides: Overrides<Omit<CreateReviewInput, 'employeeId'>> = {}) =>
      post<Review>('/api/v1/performance/reviews', {
        employeeId,
        period: 'Q4 2024',
        overallRating: 4,
        ...overrides,
      }),
    goal: (employeeId: string, overrides: Overrides<Omit<CreateGoalInput, 'employeeId'>> = {}) =>
      post<Goal>('/api/v1/performance/goals', {
        employeeId,
        title: unique('Goal'),
        targetDate: '2099-12-31',
        ...overrides,
      }),
    calendarEvent: (overrides: Overrides<ScheduleMeetingInput> = {}) =>
      post<CalendarEvent>('/api/v1/calendar/events', {
        title: unique('Meeting'),
        date: '2099-03-02',
        startTime: '09:00',
        endTime: '10:00',
        ...overrides,
      }),
    /** A token of the client's own, with these scopes; `token` is its secret. */
    apiToken: (scopes: Action[], overrides: { name?: string; expiresAt?: string } = {}) =>
      post<CreatedApiToken>('/api/v1/api-tokens', { name: unique('Token'), scopes, ...overrides }),
    invitation: (role = 'employee') =>
      post<Invitation>('/api/v1/members/invitations', { email: `${unique('invitee')}@example.com`, role }),
  };
}

type TenantRow = PgTable & { id: PgColumn; tenantId: PgColumn };

/**
 * Writes columns of a built record that no API call sets (a time in the past, a value only older
 * data holds), and forgets the workspace's kept answers, which a write behind the API's back would
 * otherwise outlive (ADR 012).
 */
export async function overwrite<T extends TenantRow>(
  server: TestServer,
  table: T,
  id: string,
  values: Partial<T['$inferInsert']>,
) {
  const rows = (await server.platform.database.db
    .update(table)
    .set(values as never)
    .where(eq(table.id, id))
    .returning({ tenantId: table.tenantId })) as { tenantId: string }[];
  if (rows.length !== 1) throw new Error(`overwrite: no row ${id}`);
  server.platform.workspaceMemo.forget(rows[0]!.tenantId);
}
