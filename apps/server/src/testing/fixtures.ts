import { randomUUID } from 'node:crypto';
import type { SessionClient } from './session-client';

/**
 * Record builders for integration tests (issue 18): each makes one record through the HTTP API, as
 * a real client would, with values of its own, so no test depends on what another left behind.
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

/** A Sunday (the default week start) of its own. */
let weekCount = 0;
export function uniqueSunday() {
  weekCount += 1;
  // 2040-01-01 is a Sunday.
  return new Date(Date.parse('2040-01-01T00:00:00Z') + weekCount * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** The JSON of a response with the expected status; throws with the body otherwise. */
export async function expectJson<T>(response: Response, status: number): Promise<T> {
  if (response.status !== status) {
    throw new Error(`${response.url}: expected ${status}, got ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

type Versioned = { id: string; version: number };

/** Builders acting as `client`, who must be allowed to create each kind (an Admin, say). */
export function fixtures(client: SessionClient) {
  const post = async <T = Versioned>(path: string, json: unknown, status = 201) =>
    expectJson<T>(await client.request(path, { method: 'POST', json }), status);
  return {
    employee: (overrides: Record<string, unknown> = {}) =>
      post<Versioned & { firstName: string; lastName: string }>('/api/v1/employees', {
        firstName: unique('First'),
        lastName: unique('Last'),
        email: `${unique('person')}@example.com`,
        department: 'Engineering',
        jobTitle: 'Engineer',
        startDate: '2025-01-06',
        salary: 50000,
        ...overrides,
      }),
    project: (teamMemberIds: string[] = [], overrides: Record<string, unknown> = {}) =>
      post<Versioned & { name: string }>('/api/v1/projects', {
        name: unique('Project'),
        teamMemberIds,
        ...overrides,
      }),
    task: (projectId: string, assigneeId?: string) =>
      post<Versioned & { title: string }>('/api/v1/tasks', {
        projectId,
        title: unique('Task'),
        ...(assigneeId ? { assigneeId } : {}),
      }),
    comment: (taskId: string) =>
      post<{ id: string; content: string }>(`/api/v1/tasks/${taskId}/comments`, {
        content: unique('Comment'),
      }),
    subtask: (taskId: string) =>
      post<Versioned & { title: string }>(`/api/v1/tasks/${taskId}/subtasks`, { title: unique('Subtask') }),
    /** A closed entry on a day of its own, awaiting approval. */
    timeEntry: (employeeId: string) => {
      const day = uniqueDay();
      return post('/api/v1/time-entries', {
        employeeId,
        clockIn: `${day}T09:00:00Z`,
        clockOut: `${day}T17:00:00Z`,
        notes: unique('Entry'),
      });
    },
    /** An entry clocked in now (the person must have none open). */
    openEntry: (employeeId: string) => post('/api/v1/time-entries/clock-in', { employeeId }),
    shift: (employeeId: string) =>
      post('/api/v1/scheduling/shifts', {
        employeeId,
        date: uniqueDay('2030-01-01'),
        startTime: '09:00',
        endTime: '17:00',
      }),
    review: (employeeId: string) =>
      post('/api/v1/performance/reviews', { employeeId, period: 'Q4 2024', overallRating: 4 }),
    goal: (employeeId: string) =>
      post<Versioned & { title: string }>('/api/v1/performance/goals', {
        employeeId,
        title: unique('Goal'),
        targetDate: '2099-12-31',
      }),
    calendarEvent: () =>
      post<{ id: string; title: string }>('/api/v1/calendar/events', {
        title: unique('Meeting'),
        date: '2099-03-02',
        startTime: '09:00',
        endTime: '10:00',
      }),
    invitation: (role = 'employee') =>
      post<{ id: string; email: string }>('/api/v1/members/invitations', {
        email: `${unique('invitee')}@example.com`,
        role,
      }),
  };
}
