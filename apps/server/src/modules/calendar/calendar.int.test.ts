import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@atrium/db';
import { errorBodySchema, type EventList, type Invitee } from '@atrium/shared';
import { fixtures, overwrite } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

/** Someone of the directory the meeting dialog can invite. */
const person = (build: ReturnType<typeof fixtures>, firstName: string, lastName: string) =>
  build.employee({ firstName, lastName, department: 'Operations', jobTitle: 'Coordinator' });

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

async function list(client: SessionClient, query: string) {
  const response = await client.request(`/api/v1/calendar/events?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as EventList;
}

const window = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
const wholeDay = window(`${day}T00:00:00Z`, '2031-05-15T12:00:00Z');

describe('Schedule Meeting (spec 2 "Dashboard")', () => {
  let admin: SessionClient;
  let build: ReturnType<typeof fixtures>;
  let tenantId: string;
  let adminEmployeeId: string;
  let bea: string;
  let cy: string;

  beforeAll(async () => {
    const signedUp = await signUp(server, { name: 'Ada Lovelace', companyName: 'Meeting Co' });
    admin = signedUp.client;
    build = fixtures(admin);
    tenantId = signedUp.me.workspace.id;
    adminEmployeeId = signedUp.me.employeeId!;
    bea = (await person(build, 'Bea', 'Attendee')).id;
    cy = (await person(build, 'Cy', 'Attendee')).id;
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
      date: 'Enter a valid date',
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
    // The organizer listed among the attendees, and a duplicate, are taken once.
    const created = await build.calendarEvent(
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
    const bare = await build.calendarEvent(meeting({ title: 'Bare', location: '', description: undefined }));
    expect(bare).toMatchObject({ location: null, description: '' });
  });

  it('refuses attendees of another workspace, and creates nothing', async () => {
    const other = await signUp(server, { companyName: 'Elsewhere Inc' });
    const stranger = (await fixtures(other.client).employee()).id;
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
    const admin = (await signUp(server, { companyName: 'Roles Calendar Co' })).client;
    const build = fixtures(admin);
    const manager = await addMember(server, admin, 'manager');
    const employee = await addMember(server, admin, 'employee');
    const contractor = await addMember(server, admin, 'contractor');
    const customer = await addMember(server, admin, 'customer');

    for (const { client } of [manager, employee, contractor]) {
      await fixtures(client).calendarEvent(meeting({ title: 'Allowed' }));
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
    const pia = (await person(build, 'Pia', 'Mate')).id;
    const quinn = (await person(build, 'Quinn', 'Outside')).id;
    await build.project([contractor.me.employeeId!], { status: 'active', managerId: pia });

    const invitees = async (client: SessionClient) =>
      (
        (await (await client.request('/api/v1/calendar/invitees?limit=50')).json()) as { data: Invitee[] }
      ).data.map((i) => i.name);
    expect(await invitees(contractor.client)).toEqual(['Pia Mate']);
    expect(await invitees(employee.client)).toEqual(expect.arrayContaining(['Pia Mate', 'Quinn Outside']));

    await fixtures(contractor.client).calendarEvent(meeting({ title: 'With a mate', attendeeIds: [pia] }));
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
  let employeeId: string;

  /**
   * An event from `startsAt` to `endsAt` (UTC, the workspace's time zone), organised by the Admin.
   * What the dialog does not make (a private or cancelled event, one across midnight) is written
   * over it.
   */
  async function addEvent(
    title: string,
    startsAt: string,
    endsAt: string,
    options: {
      visibility?: 'public' | 'private' | 'team';
      status?: 'confirmed' | 'cancelled';
      attendee?: string;
    } = {},
  ) {
    const date = startsAt.slice(0, 10);
    const sameDay = endsAt.startsWith(date);
    const event = await fixtures(admin).calendarEvent({
      title,
      date,
      startTime: startsAt.slice(11, 16),
      endTime: sameDay ? endsAt.slice(11, 16) : '23:59',
      attendeeIds: options.attendee ? [options.attendee] : [],
    });
    if (!sameDay || options.visibility || options.status) {
      await overwrite(server, schema.calendarEvents, event.id, {
        endsAt: new Date(endsAt),
        ...(options.visibility ? { visibility: options.visibility } : {}),
        ...(options.status ? { status: options.status } : {}),
      });
    }
  }

  beforeAll(async () => {
    const signedUp = await signUp(server, { name: 'Lena Lister', companyName: 'Listing Co' });
    admin = signedUp.client;
    const staff = await addMember(server, admin, 'employee');
    employee = staff.client;
    employeeId = staff.me.employeeId!;
    contractor = (await addMember(server, admin, 'contractor')).client;

    await addEvent('Public early', `${day}T08:00:00Z`, `${day}T09:00:00Z`);
    await addEvent('Private for two', `${day}T09:00:00Z`, `${day}T10:00:00Z`, {
      visibility: 'private',
      attendee: employeeId,
    });
    await addEvent('Private, not theirs', `${day}T10:00:00Z`, `${day}T11:00:00Z`, {
      visibility: 'private',
    });
    await addEvent('Cancelled', `${day}T11:00:00Z`, `${day}T12:00:00Z`, { status: 'cancelled' });
    await addEvent('Public late', `${day}T15:00:00Z`, `${day}T16:00:00Z`);
    // Started the day before and still running at midnight: it overlaps the window.
    await addEvent('Offsite', '2031-05-13T20:00:00Z', `${day}T02:00:00Z`);
    // Outside the window on both sides.
    await addEvent('Too early', '2031-05-13T08:00:00Z', '2031-05-13T09:00:00Z');
    await addEvent('Too late', '2031-05-16T08:00:00Z', '2031-05-16T09:00:00Z');
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
    const created = await fixtures(admin).calendarEvent(
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
