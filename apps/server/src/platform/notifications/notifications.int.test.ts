import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type { Me, Notification, NotificationPage, NotificationPreferences } from '@atrium/shared';
import { openEventStream } from '../../testing/event-stream-client';
import { expectJson, fixtures, unique } from '../../testing/fixtures';
import { addMember, signUpConfirmed, type SessionClient } from '../../testing/session-client';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestServer, type TestServer } from '../../testing/test-server';

// Issue 19, notifications: one notify() call, each kind by the member's preference, only ever to
// its recipient, and email batched so several events in a minute make one mail. Mail goes to a real
// SMTP listener; the batch waits 3 seconds here instead of a minute.
let smtp: SmtpSink;
let server: TestServer;

type Person = { client: SessionClient; me: Me; email: string };
let admin: Person;
let bob: Person;
let carol: Person;
let project: string;

const list = async (person: Person) =>
  expectJson<NotificationPage>(await person.client.request('/api/v1/notifications?limit=100'), 200);
const unread = async (person: Person) =>
  (
    await expectJson<{ count: number }>(
      await person.client.request('/api/v1/notifications/unread-count'),
      200,
    )
  ).count;
const choose = async (person: Person, kind: string, channel: string) =>
  expectJson<NotificationPreferences>(
    await person.client.request('/api/v1/notifications/preferences', {
      method: 'PUT',
      json: { preferences: [{ kind, channel }] },
    }),
    200,
  );
/** The notification emails to a member: what reached them besides their invitation. */
const notificationMails = async (person: Person, count = 1) =>
  (await smtp.mailTo(person.email, count + 1)).filter((mail) => !mail.subject?.includes('invited you'));
const assign = (assigneeId: string, title = unique('Task')) =>
  fixtures(admin.client).task(project, { assigneeId, title });

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    NOTIFICATION_EMAIL_DELAY_SECONDS: '3',
  });
  admin = await signUpConfirmed(server, smtp, { companyName: 'Notify Co' });
  bob = await addMember(server, admin.client, 'employee');
  carol = await addMember(server, admin.client, 'employee');
  project = (await fixtures(admin.client).project([bob.me.employeeId!, carol.me.employeeId!])).id;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('notify', () => {
  it('tells the assignee, links to the task, and never tells the actor of their own action', async () => {
    const adminBefore = (await list(admin)).data.length;
    const task = await assign(bob.me.employeeId!);
    const [newest] = (await list(bob)).data;
    expect(newest).toMatchObject({
      kind: 'task_assigned',
      title: `Olive Owner assigned you '${task.title}'`,
      entityType: 'task',
      entityId: task.id,
      link: `/projects/kanban?projectId=${project}&task=${task.id}`,
      readAt: null,
    });
    expect(await unread(bob)).toBeGreaterThanOrEqual(1);
    // Assigning oneself, or commenting on one's own task, tells no one.
    const own = await fixtures(bob.client).task(project, { assigneeId: bob.me.employeeId! });
    await fixtures(bob.client).comment(own.id);
    expect((await list(bob)).data.some((n) => n.entityId === own.id)).toBe(false);
    expect((await list(admin)).data.filter((n) => n.kind === 'task_assigned')).toHaveLength(0);
    expect((await list(admin)).data.length).toBe(adminBefore);
  });

  it("tells the inviter of an accepted invitation, the assignee and reporter of a comment, a person of their entry's decision and their review", async () => {
    // The two invitations accepted in beforeAll.
    const invitations = (await list(admin)).data.filter((n) => n.kind === 'invitation_accepted');
    expect(invitations.map((n) => n.body).sort()).toEqual(
      [`${bob.email} joined as employee`, `${carol.email} joined as employee`].sort(),
    );

    // Bob reports a task for Carol; the Admin comments: both hear of it.
    const task = await fixtures(bob.client).task(project, { assigneeId: carol.me.employeeId! });
    await fixtures(admin.client).comment(task.id, 'Looks good to me');
    for (const person of [bob, carol]) {
      const comment = (await list(person)).data.find(
        (n) => n.kind === 'task_commented' && n.entityId === task.id,
      );
      expect(comment?.body).toBe('Looks good to me');
    }

    const entry = await fixtures(admin.client).timeEntry(bob.me.employeeId!);
    await expectJson(
      await admin.client.request(`/api/v1/time-entries/${entry.id}/approve`, { method: 'POST', json: {} }),
      200,
    );
    const decided = (await list(bob)).data.find((n) => n.kind === 'time_entry_decided');
    expect(decided).toMatchObject({ entityId: entry.id, link: '/team/time-tracking?status=approved' });
    expect(decided!.title).toMatch(/^Olive Owner approved your time entry of \d{4}-\d{2}-\d{2}$/);

    const review = await fixtures(admin.client).review(carol.me.employeeId!);
    const written = (await list(carol)).data.find((n) => n.kind === 'review_written');
    expect(written).toMatchObject({ entityId: review.id, title: 'Olive Owner wrote your Q4 2024 review' });
  });

  it('follows each member’s preference per kind: none stores nothing, email only stays out of the bell', async () => {
    const preferences = await choose(carol, 'task_assigned', 'none');
    expect(preferences.data.find((p) => p.kind === 'task_assigned')).toMatchObject({
      channel: 'none',
      defaultChannel: 'both',
      label: 'A task is assigned to you',
    });
    // The other kinds keep their defaults.
    expect(preferences.data.find((p) => p.kind === 'task_commented')?.channel).toBe('in_app');
    const ignored = await assign(carol.me.employeeId!);
    const rows = await server.platform.database.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.entityId, ignored.id));
    expect(rows).toEqual([]);

    await choose(carol, 'task_assigned', 'email');
    const mailed = await assign(carol.me.employeeId!);
    expect((await list(carol)).data.some((n) => n.entityId === mailed.id)).toBe(false);
    // The earlier test's batch to carol may come first, or carry this one too when it was still open.
    await expect
      .poll(
        async () =>
          (await notificationMails(carol)).some((m) => m.text?.includes(`assigned you '${mailed.title}'`)),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await choose(carol, 'task_assigned', 'in_app');
  });

  it('stores nothing when the change it belongs to rolls back', async () => {
    const { db } = server.platform.database;
    const before = (await list(bob)).data.length;
    await expect(
      db.transaction(async (tx) => {
        await server.services.notifications.notify({
          tx,
          tenantId: admin.me.workspace.id,
          actor: { userId: admin.me.user.id, name: 'Olive Owner' },
          recipients: { users: [bob.me.user.id] },
          kind: 'task_assigned',
          record: { type: 'task', id: crypto.randomUUID(), link: '/projects/kanban' },
          title: 'Never told',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await list(bob)).data.length).toBe(before);
  });

  it('refuses an unknown kind or channel in the preferences (400)', async () => {
    const response = await bob.client.request('/api/v1/notifications/preferences', {
      method: 'PUT',
      json: { preferences: [{ kind: 'lunch_is_ready', channel: 'pigeon' }] },
    });
    expect(response.status).toBe(400);
  });
});

describe('the bell', () => {
  it('counts unread up to 100, as the bell shows 99+ beyond', async () => {
    const dora = await addMember(server, admin.client, 'employee');
    await server.platform.database.db.insert(schema.notifications).values(
      Array.from({ length: 105 }, (_, n) => ({
        tenantId: dora.me.workspace.id,
        userId: dora.me.user.id,
        type: 'task_assigned',
        title: `Task ${n}`,
      })),
    );
    expect(await unread(dora)).toBe(100);
  });

  it('pages newest first, counts unread, marks one and then all read', async () => {
    const titles: string[] = [];
    for (let n = 0; n < 3; n += 1) titles.unshift((await assign(bob.me.employeeId!)).title);
    const first = await expectJson<NotificationPage>(
      await bob.client.request('/api/v1/notifications?limit=2'),
      200,
    );
    expect(first.data.map((n) => n.title)).toEqual(
      titles.slice(0, 2).map((t) => `Olive Owner assigned you '${t}'`),
    );
    const second = await expectJson<NotificationPage>(
      await bob.client.request(`/api/v1/notifications?limit=2&cursor=${first.nextCursor}`),
      200,
    );
    expect(second.data[0]!.title).toBe(`Olive Owner assigned you '${titles[2]}'`);
    const all = (await list(bob)).data;
    expect(all.map((n) => n.createdAt)).toEqual([...all.map((n) => n.createdAt)].sort().reverse());

    const count = await unread(bob);
    const read = await expectJson<Notification>(
      await bob.client.request(`/api/v1/notifications/${first.data[0]!.id}/read`, {
        method: 'POST',
        json: {},
      }),
      200,
    );
    expect(read.readAt).not.toBeNull();
    expect(await unread(bob)).toBe(count - 1);
    await expectJson(
      await bob.client.request('/api/v1/notifications/read-all', { method: 'POST', json: {} }),
      200,
    );
    expect(await unread(bob)).toBe(0);
    const bad = await bob.client.request('/api/v1/notifications?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
  });

  it("shows a member only their own: another member's or another workspace's notification is a 404", async () => {
    await assign(carol.me.employeeId!);
    const carols = (await list(carol)).data;
    const bobs = (await list(bob)).data;
    expect(carols.length).toBeGreaterThan(0);
    expect(bobs.some((n) => carols.some((c) => c.id === n.id))).toBe(false);
    const notCarols = await bob.client.request(`/api/v1/notifications/${carols[0]!.id}/read`, {
      method: 'POST',
      json: {},
    });
    expect(notCarols.status).toBe(404);
    expect((await list(carol)).data[0]!.readAt).toBeNull();

    // Another workspace: its owner assigns its member a task.
    const other = await signUpConfirmed(server, smtp, { companyName: 'Elsewhere Ltd' });
    const dan = await addMember(server, other.client, 'employee');
    const theirs = await fixtures(other.client).project([dan.me.employeeId!]);
    const secret = await fixtures(other.client).task(theirs.id, { assigneeId: dan.me.employeeId! });
    const dans = (await list(dan)).data;
    expect(dans.map((n) => n.entityId)).toContain(secret.id);
    for (const person of [admin, bob, carol]) {
      const response = await person.client.request(`/api/v1/notifications/${dans[0]!.id}/read`, {
        method: 'POST',
        json: {},
      });
      expect(response.status).toBe(404);
      expect(JSON.stringify(await list(person))).not.toContain(secret.title);
    }
    // Marking all read in one workspace leaves the other's as they were.
    await bob.client.request('/api/v1/notifications/read-all', { method: 'POST', json: {} });
    expect(await unread(dan)).toBe(dans.length);
  });

  it('reaches only the recipient over the event stream, and never shows in the activity feed', async () => {
    const cookie = (person: Person) => ({ cookie: person.client.cookie });
    const bobStream = await openEventStream(`${server.baseUrl}/api/v1/events`, cookie(bob));
    const carolStream = await openEventStream(`${server.baseUrl}/api/v1/events`, cookie(carol));
    await bobStream.waitFor((event) => event.event === 'ready');
    await carolStream.waitFor((event) => event.event === 'ready');
    const task = await assign(bob.me.employeeId!);
    const [notification] = (await list(bob)).data;
    expect(notification!.entityId).toBe(task.id);
    await bobStream.waitFor(
      (event) =>
        event.event === 'change' &&
        event.data.includes('"notification"') &&
        event.data.includes(notification!.id),
    );
    // Carol hears of the task (it is in her project) but not of Bob's notification.
    await carolStream.waitFor((event) => event.event === 'change' && event.data.includes(task.id));
    // (Her stream may replay notifications of her own from earlier; none of them is Bob's.)
    expect(carolStream.events.some((event) => event.data.includes(notification!.id))).toBe(false);
    bobStream.close();
    carolStream.close();

    const feed = await expectJson<{ data: { entityType: string }[] }>(
      await bob.client.request('/api/v1/activity?limit=200'),
      200,
    );
    expect(feed.data.some((entry) => entry.entityType === 'notification')).toBe(false);
  });
});

describe('notification emails', () => {
  it('sends several events of a moment as one email, with a link to each, through a real SMTP listener', async () => {
    const erin = await addMember(server, admin.client, 'employee');
    await fixtures(admin.client).project([erin.me.employeeId!]);
    const tasks = [];
    for (let n = 0; n < 3; n += 1) tasks.push(await assign(erin.me.employeeId!));
    const [mail] = await notificationMails(erin);
    expect(mail!.subject).toBe('3 new notifications in Notify Co');
    for (const task of tasks) {
      expect(mail!.text).toContain(`Olive Owner assigned you '${task.title}'`);
      expect(mail!.text).toContain(`${server.baseUrl}/projects/kanban?projectId=${project}&task=${task.id}`);
    }
    // The batch is sent: nothing is left waiting, and no second email follows for these three.
    const pending = await server.platform.database.db
      .select()
      .from(schema.notifications)
      .where(
        and(eq(schema.notifications.userId, erin.me.user.id), eq(schema.notifications.emailState, 'pending')),
      );
    expect(pending).toEqual([]);
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(erin.email))).toHaveLength(2);
  });
});
