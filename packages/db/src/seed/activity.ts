// Recent activity for the dashboard (spec 2 "Recent Activity"): actions by employees on the
// records generated above, over the last week (scaled up with the volume).
import { activityLog } from '../schema/index';
import type { ProjectData } from './projects';
import type { People, SeedRun } from './run';

export async function seedActivity(
  run: SeedRun,
  people: People,
  records: ProjectData & { tickets: { id: string; subject: string }[] },
) {
  const { random, loader, tenantId, counts } = run;
  const windowDays = Math.max(7, Math.ceil(counts.activity / 2_000));
  const statuses = ['In Progress', 'Review', 'Done'];
  const { tasks, projects, tickets } = records;
  const kinds = [
    ...(tasks.length === 0
      ? []
      : [
          () => {
            const task = random.pick(tasks);
            return {
              action: 'status_changed',
              entityType: 'task',
              entityId: task.id,
              summary: `Moved "${task.title}" to ${random.pick(statuses)}`,
            };
          },
          () => {
            const task = random.pick(tasks);
            return {
              action: 'created',
              entityType: 'task',
              entityId: task.id,
              summary: `Created task "${task.title}"`,
            };
          },
        ]),
    ...(projects.length === 0
      ? []
      : [
          () => {
            const project = random.pick(projects);
            return {
              action: 'updated',
              entityType: 'project',
              entityId: project.id,
              summary: `Updated project "${project.name}"`,
            };
          },
        ]),
    ...(tickets.length === 0
      ? []
      : [
          () => {
            const ticket = random.pick(tickets);
            return {
              action: 'updated',
              entityType: 'ticket',
              entityId: ticket.id,
              summary: `Replied to ticket "${ticket.subject}"`,
            };
          },
        ]),
    () => {
      const person = random.pick(people.all);
      return {
        action: 'created',
        entityType: 'employee',
        entityId: person.id,
        summary: `Added ${person.name} to the directory`,
      };
    },
  ];

  function* rows() {
    for (let i = 0; i < counts.activity; i++) {
      const actor = random.pick(people.active);
      const occurredAt = random.daysFromNow(-random.float(0, windowDays, 4));
      yield {
        tenantId,
        id: random.uuid(),
        actorUserId: null,
        actorName: actor.name,
        ...random.pick(kinds)(),
        data: null,
        occurredAt,
      };
    }
  }
  await loader.load(activityLog, counts.activity, rows());
}
