import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@atrium/db';
import { errorBodySchema, type CalendarEvent, type EventList, type Invitee } from '@atrium/shared';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

let codes = 700;
/** An employee written straight to the database (the directory API belongs to another module). */
async function addEmployee(tenantId: string, firstName: string, lastName: string) {
  codes += 1;
  const [row] = await server.platform.database.db
    .insert(schema.employees)
    .values({
      tenantId,
      employeeCode: `EMP${codes}`,
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${codes}@example.com`.toLowerCase(),
      department: 'Operations',
      jobTitle: 'Coordinator',
      startDate: '2024-01-01',
    })
    .returning({ id: schema.employees.id });
  return row!.id;
}

/** A day far ahead, so "upcoming" never depends on when the tests run. */
const day = '2031-05-14';
const meeting = (overrides: Record<string, unknown> = {}) => ({
  title: 'Roadmap sync',
  date: day,
  startTime: '09:00',
  endTime: '10:00',
  location: 'Conference Room A',
  description: 'Agenda in the doc',
  ...overrides,
});

async function schedule(client: SessionClient, body: Record<string, unknown>) {
  const response = await client.request('/api/v1/calendar/events', { method: 'POST', json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CalendarEvent;
}

async function list(client: SessionClient, query: string) {
  const response = await client.request(`/api/v1/calendar/events?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as EventList;
}

const window = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
const wholeDay = window(`${day}T00:00:00Z`, '2031-05-15T12:00:00Z');

describe('Schedule Meeting (spec 2 "Dashboard")', () => {
  let admin: SessionClient;
  let tenantId: string;
  let adminEmployeeId: string;

  beforeAll(async () => {
    const signedUp = await signUp(server, { name: 'Ada Lovelace', companyName: 'Meeting Co' });
    admin = signedUp.client;
    tenantId = signedUp.me.workspace.id;
    adminEmployeeId = signedUp.me.employeeId!;
  });

  it('answers invalid fields with one message per field (shared schema)', async () => {
    const response = await admin.request('/api/v1/calendar/events', {
      method: 'POST',
      json: { title: ' ', date: '2031-02-30', startTime: '9am', endTime: '24:00', attendeeIds: ['x'] },
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      title: 'Enter a title',
      date: 'Use a date like 2025-03-02',
      startTime: 'Use a time like 09:30',
      endTime: 'Use a time like 09:30',
      'attendeeIds.0': 'Choose attendees from the list',
    });

    const backwards = await admin.request('/api/v1/calendar/events', {
      method: 'POST',
      json: meeting({ startTime: '10:00', endTime: '09:30' }),
    });
    expect(backwards.status).toBe(400);
    expect((await errorOf(backwards)).fields).toEqual({ endTime: 'End after the start time' });

    const past = await admin.request('/api/v1/calendar/events', {
      method: 'POST',
      json: meeting({ date: '2020-01-06' }),
    });
    expect(past.status).toBe(422);
    expect((await errorOf(past)).fields).toEqual({ date: 'Choose today or a later date' });
  });

  it('creates a confirmed public meeting in the workspace time zone, organised by the member', async () => {
    await server.platform.database.db
      .update(schema.workspaces)
      .set({ timeZone: 'America/New_York' })
      .where(eq(schema.workspaces.id, tenantId));
    const bea = await addEmployee(tenantId, 'Bea', 'Attendee');
    const cy = await addEmployee(tenantId, 'Cy', 'Attendee');
    // The organizer listed among the attendees, and a duplicate, are taken once.
    const created = await schedule(
      admin,
      meeting({ title: '  Roadmap sync  ', attendeeIds: [cy, bea, adminEmployeeId, bea] }),
    );
    expect(created).toMatchObject({
      title: 'Roadmap sync',
      description: 'Agenda in the doc',
      location: 'Conference Room A',
      // 09:00-10:00 EDT.
      startsAt: `${day}T13:00:00.000Z`,
      endsAt: `${day}T14:00:00.000Z`,
      allDay: false,
      type: 'meeting',
      status: 'confirmed',
      visibility: 'public',
      organizer: { id: adminEmployeeId, name: 'Ada Lovelace' },
      version: 1,
    });
    expect(created.attendees.map((a) => [a.name, a.response])).toEqual([
      ['Ada Lovelace', 'accepted'],
      ['Bea Attendee', 'pending'],
      ['Cy Attendee', 'pending'],
    ]);

    // One activity entry, written with the event.
    const activity = (await (await admin.request('/api/v1/activity?limit=20')).json()) as {
      data: { entityType: string; entityId: string; action: string; summary: string; actorName: string }[];
    };
    expect(activity.data.filter((a) => a.entityId === created.id)).toEqual([
      expect.objectContaining({
        entityType: 'calendar_event',
        action: 'created',
        summary: "scheduled meeting 'Roadmap sync'",
        actorName: 'Ada Lovelace',
      }),
    ]);

    // An empty location is no location.
    const bare = await schedule(admin, meeting({ title: 'Bare', location: '', description: undefined }));
    expect(bare).toMatchObject({ location: null, description: '' });
  });

  it('refuses attendees of another workspace, and creates nothing', async () => {
    const other = await signUp(server, { companyName: 'Elsewhere Inc' });
    const stranger = await addEmployee(other.me.workspace.id, 'Sam', 'Stranger');
    const before = await list(admin, wholeDay + '&limit=200');
    const response = await admin.request('/api/v1/calendar/events', {
      method: 'POST',
      json: meeting({ title: 'Leaky', attendeeIds: [stranger] }),
    });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields).toEqual({
      attendeeIds: 'Choose attendees from the people of this workspace',
    });
    expect(await list(admin, wholeDay + '&limit=200')).toEqual(before);
    // Nor does the other workspace see this one's people or meetings.
    const search = (await (await other.client.request('/api/v1/calendar/invitees?q=Attendee')).json()) as {
      data: Invitee[];
    };
    expect(search.data).toEqual([]);
    expect((await list(other.client, wholeDay)).data).toEqual([]);
  });

  it('finds invitees by name, without the member themself', async () => {
    const found = (await (await admin.request('/api/v1/calendar/invitees?q=attend')).json()) as {
      data: Invitee[];
    };
    expect(found.data.map((i) => i.name)).toEqual(['Bea Attendee', 'Cy Attendee']);
    expect(found.data[0]!.detail).toBe('Coordinator · Operations');
    const self = (await (await admin.request('/api/v1/calendar/invitees?q=Lovelace')).json()) as {
      data: Invitee[];
    };
    expect(self.data).toEqual([]);
  });
});

describe('Permissions per role (calendar:use)', () => {
  it('lets staff and contractors schedule, never customers; contractors invite only their project mates', async () => {
    const { client: admin, me } = await signUp(server, { companyName: 'Roles Calendar Co' });
    const tenantId = me.workspace.id;
    const manager = await addMember(server, admin, 'manager');
    const employee = await addMember(server, admin, 'employee');
    const contractor = await addMember(server, admin, 'contractor');
    const customer = await addMember(server, admin, 'customer');

    for (const { client } of [manager, employee, contractor]) {
      await schedule(client, meeting({ title: 'Allowed' }));
    }
    for (const path of ['/api/v1/calendar/events', '/api/v1/calendar/invitees']) {
      expect((await customer.client.request(path)).status).toBe(403);
    }
    const refused = await customer.client.request('/api/v1/calendar/events', {
      method: 'POST',
      json: meeting(),
    });
    expect(refused.status).toBe(403);

    // The contractor is on one project with Pia; Quinn is on none of theirs.
    const pia = await addEmployee(tenantId, 'Pia', 'Mate');
    const quinn = await addEmployee(tenantId, 'Quinn', 'Outside');
    const db = server.platform.database.db;
    const [project] = await db
      .insert(schema.projects)
      .values({ tenantId, name: 'Shared project', status: 'active', startDate: '2031-01-01', managerId: pia })
      .returning({ id: schema.projects.id });
    await db
      .insert(schema.projectMembers)
      .values({ tenantId, projectId: project!.id, employeeId: contractor.me.employeeId! });

    const invitees = async (client: SessionClient) =>
      (
        (await (await client.request('/api/v1/calendar/invitees?limit=50')).json()) as { data: Invitee[] }
      ).data.map((i) => i.name);
    expect(await invitees(contractor.client)).toEqual(['Pia Mate']);
    expect(await invitees(employee.client)).toEqual(expect.arrayContaining(['Pia Mate', 'Quinn Outside']));

    await schedule(contractor.client, meeting({ title: 'With a mate', attendeeIds: [pia] }));
    const outside = await contractor.client.request('/api/v1/calendar/events', {
      method: 'POST',
      json: meeting({ attendeeIds: [quinn] }),
    });
    expect(outside.status).toBe(422);
    expect((await errorOf(outside)).fields).toHaveProperty('attendeeIds');
  });
});

describe('Listing (GET /calendar/events)', () => {
  let admin: SessionClient;
  let employee: SessionClient;
  let contractor: SessionClient;
  let tenantId: string;
  let employeeId: string;
  let adminEmployeeId: string;

  /** An event written straight to the database, for visibilities and statuses the dialog does not make. */
  async function insertEvent(
    title: string,
    startsAt: string,
    endsAt: string,
    options: {
      visibility?: 'public' | 'private' | 'team';
      status?: 'confirmed' | 'cancelled';
      attendee?: string;
    } = {},
  ) {
    const db = server.platform.database.db;
    const [row] = await db
      .insert(schema.calendarEvents)
      .values({
        tenantId,
        title,
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        organizerId: adminEmployeeId,
        visibility: options.visibility ?? 'public',
        status: options.status ?? 'confirmed',
      })
      .returning({ id: schema.calendarEvents.id });
    if (options.attendee) {
      await db
        .insert(schema.eventAttendees)
        .values({ tenantId, eventId: row!.id, employeeId: options.attendee });
    }
    return row!.id;
  }

  beforeAll(async () => {
    const signedUp = await signUp(server, { name: 'Lena Lister', companyName: 'Listing Co' });
    admin = signedUp.client;
    tenantId = signedUp.me.workspace.id;
    adminEmployeeId = signedUp.me.employeeId!;
    const staff = await addMember(server, admin, 'employee');
    employee = staff.client;
    employeeId = staff.me.employeeId!;
    contractor = (await addMember(server, admin, 'contractor')).client;

    await insertEvent('Public early', `${day}T08:00:00Z`, `${day}T09:00:00Z`);
    await insertEvent('Private for two', `${day}T09:00:00Z`, `${day}T10:00:00Z`, {
      visibility: 'private',
      attendee: employeeId,
    });
    await insertEvent('Private, not theirs', `${day}T10:00:00Z`, `${day}T11:00:00Z`, {
      visibility: 'private',
    });
    await insertEvent('Cancelled', `${day}T11:00:00Z`, `${day}T12:00:00Z`, { status: 'cancelled' });
    await insertEvent('Public late', `${day}T15:00:00Z`, `${day}T16:00:00Z`);
    // Started the day before and still running at midnight: it overlaps the window.
    await insertEvent('Offsite', '2031-05-13T20:00:00Z', `${day}T02:00:00Z`);
    // Outside the window on both sides.
    await insertEvent('Too early', '2031-05-13T08:00:00Z', '2031-05-13T09:00:00Z');
    await insertEvent('Too late', '2031-05-16T08:00:00Z', '2031-05-16T09:00:00Z');
  });

  const titles = (page: EventList) => page.data.map((e) => e.title);

  it('gives the events overlapping the window that the member may see, earliest first', async () => {
    expect(titles(await list(admin, wholeDay + '&limit=50'))).toEqual([
      'Offsite',
      'Public early',
      'Private for two',
      'Private, not theirs',
      'Public late',
    ]);
    // Others' private events stay hidden; one's own show.
    expect(titles(await list(employee, wholeDay + '&limit=50'))).toEqual([
      'Offsite',
      'Public early',
      'Private for two',
      'Public late',
    ]);
    // Without the directory, only one's own events: here none.
    expect(titles(await list(contractor, wholeDay + '&limit=50'))).toEqual([]);
    // mine=true: what the member organises or attends.
    expect(titles(await list(employee, wholeDay + '&limit=50&mine=true'))).toEqual(['Private for two']);
    expect(titles(await list(admin, wholeDay + '&limit=50&includeCancelled=true'))).toContain('Cancelled');
  });

  it('pages by start time without skipping or repeating', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: EventList = await list(
        admin,
        `${wholeDay}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...titles(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      'Offsite',
      'Public early',
      'Private for two',
      'Private, not theirs',
      'Public late',
    ]);
  });

  it('refuses a backwards or too wide window and a tampered cursor', async () => {
    const backwards = await admin.request(
      `/api/v1/calendar/events?${window(`${day}T10:00:00Z`, `${day}T09:00:00Z`)}`,
    );
    expect(backwards.status).toBe(400);
    expect((await errorOf(backwards)).fields).toHaveProperty('to');
    const wide = await admin.request(
      `/api/v1/calendar/events?${window('2030-01-01T00:00:00Z', '2031-06-01T00:00:00Z')}`,
    );
    expect((await errorOf(wide)).fields).toHaveProperty('to');
    const bad = await admin.request('/api/v1/calendar/events?from=tomorrow&limit=0');
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual(['from', 'limit']);
    expect((await admin.request('/api/v1/calendar/events?cursor=bm9wZQ')).status).toBe(400);
  });

  it('defaults to the next 30 days from now', async () => {
    const created = await schedule(
      admin,
      meeting({
        title: 'Soon',
        date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
        attendeeIds: [employeeId],
      }),
    );
    const upcoming = await list(employee, 'mine=true');
    expect(upcoming.data.map((e) => e.id)).toEqual([created.id]);
    expect(upcoming.data[0]!.attendees.map((a) => a.name)).toEqual(['Lena Lister', 'Test employee']);
  });
});
