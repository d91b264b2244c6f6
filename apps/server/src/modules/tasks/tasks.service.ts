import type { Db, Tx } from '@atrium/db';
import {
  isTaskOverdue,
  positionBetween,
  positionStep,
  taskStatusLabels,
  taskStatuses,
  todayIn,
  type BulkTaskResult,
  type BulkTaskValues,
  type CreateCommentValues,
  type CreateSubtaskValues,
  type CreateTaskValues,
  type MoveTaskValues,
  type Subtask,
  type TaskBoard,
  type TaskBoardQuery,
  type TaskCard,
  type TaskComment,
  type TaskCommentList,
  type TaskDetails,
  type TaskListQuery,
  type TaskListResponse,
  type TaskStatus,
  type TaskSummary,
  type UpdateSubtaskValues,
  type UpdateTaskValues,
} from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import { activityLog, actorOf, changedFields } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, notFound, staleVersion } from '../../platform/errors/app-error';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { keptTotal, type WorkspaceMemo } from '../../platform/db/workspace-memo';
import { personRef, projectEntries, type ProjectScope, type ProjectsService } from '../projects';
import {
  taskCursorShape,
  taskCursorValues,
  tasksRepository as repository,
  type Placement,
  type TaskCardRow,
  type TaskChanges,
  type TaskRow,
} from './tasks.repository';

/** A kanban column sends at most this many cards; `count` still tells the whole number. */
export const boardColumnLimit = 500;

const unprocessable = (message: string, fields: Record<string, string>) =>
  new AppError('unprocessable', message, fields);

const unknownAssignee = (field = 'assigneeId') =>
  unprocessable('The assignee is not an employee of this workspace', {
    [field]: 'Choose an assignee from the list',
  });

/** Fields an update logs, before and after. */
const loggedFields = [
  'title',
  'description',
  'status',
  'priority',
  'assigneeId',
  'startDate',
  'dueDate',
  'estimatedHours',
  'actualHours',
  'tags',
] as const;

/** The project a row names; the board passes its one project to all its cards instead. */
const projectOf = (row: TaskRow) => ({ id: row.projectId, name: row.projectName });

function toSummary(
  row: Omit<TaskRow, 'projectName'>,
  project: TaskSummary['project'],
  today: string,
): TaskSummary {
  return {
    id: row.id,
    title: row.title,
    project,
    status: row.status,
    priority: row.priority,
    assignee:
      row.assigneeId && row.assigneeFirstName !== null && row.assigneeLastName !== null
        ? {
            ...personRef({
              id: row.assigneeId,
              firstName: row.assigneeFirstName,
              lastName: row.assigneeLastName,
              avatarUrl: row.assigneeAvatarUrl,
            }),
            firstName: row.assigneeFirstName,
            lastName: row.assigneeLastName,
          }
        : null,
    startDate: row.startDate,
    dueDate: row.dueDate,
    overdue: isTaskOverdue(row, today),
    tags: row.tags,
    estimatedHours: row.estimatedHours,
    actualHours: row.actualHours,
    commentCount: row.commentCount,
    subtaskDone: row.subtaskDone,
    subtaskTotal: row.subtaskTotal,
    attachmentCount: row.attachmentCount,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** Issue 17: a task's activity entries go to those who see its project, as the task itself does. */
export const tasksReadRules = {
  task: { visible: (member) => projectEntries(member, (entry) => repository.loggedProject(entry.data)) },
} satisfies Pick<ActivityAudience, 'task'>;

export function createTasksService({
  db,
  memo,
  projects,
}: {
  db: Db;
  memo: WorkspaceMemo;
  projects: ProjectsService;
}) {
  // The workspace time zone decides when a due date has passed (ARCHITECTURE.md: dates are shown
  // in the workspace time zone).
  const today = (member: Member) => todayIn(member.timeZone);

  const toCard = (
    row: Omit<TaskCardRow, 'projectName'>,
    project: TaskCard['project'],
    date: string,
  ): TaskCard => ({
    ...toSummary(row, project, date),
    description: row.description,
  });

  async function card(member: Member, scope: ProjectScope, id: string): Promise<TaskCard> {
    const row = await repository.findCard(db, scope, id);
    if (!row) throw notFound('Task');
    return toCard(row, projectOf(row), today(member));
  }

  async function comments(tenantId: string, taskId: string): Promise<TaskComment[]> {
    const rows = await repository.comments(db, tenantId, taskId);
    return rows.map((row) => ({
      id: row.id,
      taskId: row.taskId,
      author:
        row.authorId && row.authorFirstName !== null && row.authorLastName !== null
          ? personRef({
              id: row.authorId,
              firstName: row.authorFirstName,
              lastName: row.authorLastName,
              avatarUrl: row.authorAvatarUrl,
            })
          : null,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** A task as the detail dialog shows it, read with the member's scope as it is now (after a change). */
  async function details(member: Member, id: string): Promise<TaskDetails> {
    const row = await repository.find(db, await projects.scopeOf(member), id);
    if (!row) throw notFound('Task');
    const { tenantId } = member;
    const [commentList, subtaskRows, reporter] = await Promise.all([
      comments(tenantId, id),
      repository.subtasks(db, tenantId, id),
      row.reporterId ? repository.people(db, tenantId, [row.reporterId]) : Promise.resolve([]),
    ]);
    const date = today(member);
    return {
      ...toCard(row, projectOf(row), date),
      reporter: reporter[0] ? personRef(reporter[0]) : null,
      dependencies: row.dependencies,
      attachments: row.attachments.map((file) => ({ name: file.name, sizeBytes: file.sizeBytes })),
      comments: commentList,
      subtasks: subtaskRows,
    };
  }

  /** A visible task, or 404 (Contractors: tasks of other projects do not exist for them). */
  async function visibleTask(member: Member, id: string) {
    const row = await repository.find(db, await projects.scopeOf(member), id);
    if (!row) throw notFound('Task');
    return row;
  }

  async function checkAssignee(
    tenantId: string,
    assigneeId: string | null | undefined,
    field = 'assigneeId',
  ) {
    if (assigneeId && !(await repository.employee(db, tenantId, assigneeId))) throw unknownAssignee(field);
  }

  /**
   * The position for a card placed in a column. When the neighbours' gap has worn out the column is
   * renumbered and the neighbours read again (call with the project locked).
   */
  async function placeIn(
    tx: Tx,
    tenantId: string,
    projectId: string,
    status: TaskStatus,
    movingId: string | null,
    placement: Placement,
  ): Promise<number> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const around = await repository.neighbours(tx, tenantId, projectId, status, movingId, placement);
      if (around === 'no-anchor') {
        const field = placement.kind === 'after' ? 'afterId' : 'beforeId';
        throw unprocessable('That card is not in the target column', {
          [field]: `Choose a card of the ${taskStatusLabels[status]} column`,
        });
      }
      const position = positionBetween(around.before, around.after);
      if (position !== null) return position;
      await repository.renumber(tx, tenantId, projectId, status, positionStep);
    }
    throw new Error('no position after renumbering the column');
  }

  const movedSummary = (title: string, status: TaskStatus) =>
    `moved '${title}' to ${taskStatusLabels[status]}`;

  return {
    async list(member: Member, query: TaskListQuery): Promise<TaskListResponse> {
      const scope = await projects.scopeOf(member);
      const date = today(member);
      const cursor = query.cursor ? decodeCursor(query.cursor, taskCursorShape(query.sort)) : undefined;
      const totalKey = [
        'task-total',
        scope.projectIds,
        query.projectId,
        query.status,
        query.priority,
        query.assigneeId,
        query.due,
        // Which tasks are due or overdue moves with the date.
        query.due && date,
      ];
      const [rows, total] = await Promise.all([
        repository.list(db, scope, query, date, query.sort, query.order, query.limit + 1, cursor),
        cursor
          ? undefined
          : keptTotal(memo, member.tenantId, { searchText: query.q, key: totalKey }, () =>
              repository.count(db, scope, query, date),
            ),
      ]);
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) =>
        taskCursorValues(query.sort, last),
      );
      return {
        data: page.map((row) => toSummary(row, projectOf(row), date)),
        nextCursor,
        ...(total === undefined ? {} : { total }),
      };
    },

    /** Spec 2 Kanban: the project's four columns with counts, cards by position. */
    async board(member: Member, query: TaskBoardQuery): Promise<TaskBoard> {
      const scope = await projects.scopeOf(member);
      const project = query.projectId
        ? await repository.visibleProject(db, scope, query.projectId)
        : await repository.firstProject(db, scope);
      if (query.projectId && !project) throw notFound('Project');
      if (!project) {
        return {
          project: null,
          columns: taskStatuses.map((status) => ({
            status,
            title: taskStatusLabels[status],
            count: 0,
            tasks: [],
          })),
        };
      }
      const filter = { assigneeId: query.assigneeId, priority: query.priority };
      const rows = await repository.board(db, scope, project.id, filter, boardColumnLimit);
      const date = today(member);
      return {
        project,
        columns: taskStatuses.map((status) => {
          const column = rows.filter((row) => row.status === status);
          return {
            status,
            title: taskStatusLabels[status],
            count: column[0]?.columnCount ?? 0,
            tasks: column.map((row) => toCard(row, project, date)),
          };
        }),
      };
    },

    get: details,

    async create(member: Member, input: CreateTaskValues): Promise<TaskDetails> {
      const project = await repository.visibleProject(db, await projects.scopeOf(member), input.projectId);
      if (!project) throw unprocessable('This project does not exist', { projectId: 'Choose a project' });
      await checkAssignee(member.tenantId, input.assigneeId);
      const id = await db.transaction(async (tx) => {
        await repository.lockProjects(tx, member.tenantId, [project.id]);
        const position = await placeIn(tx, member.tenantId, project.id, input.status, null, { kind: 'end' });
        const id = await repository.insert(tx, member.tenantId, {
          projectId: project.id,
          title: input.title,
          description: input.description,
          status: input.status,
          priority: input.priority,
          assigneeId: input.assigneeId ?? null,
          reporterId: member.employeeId,
          startDate: input.startDate ?? null,
          dueDate: input.dueDate ?? null,
          estimatedHours: input.estimatedHours,
          actualHours: input.actualHours ?? null,
          tags: input.tags,
          position,
        });
        await repository.refreshProgress(tx, member.tenantId, project.id);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'task',
          entityId: id,
          summary: `created task '${input.title}'`,
          data: {
            projectId: project.id,
            after: {
              title: input.title,
              status: input.status,
              priority: input.priority,
              assigneeId: input.assigneeId ?? null,
            },
          },
        });
        return id;
      });
      return details(member, id);
    },

    /** Edit; a new status sends the card to the end of that column and recounts progress. */
    async update(member: Member, id: string, input: UpdateTaskValues): Promise<TaskDetails> {
      const before = await visibleTask(member, id);
      const { version, ...fields } = input;
      const changes: TaskChanges = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      await checkAssignee(member.tenantId, changes.assigneeId);
      const statusChanged = changes.status !== undefined && changes.status !== before.status;
      await db.transaction(async (tx) => {
        await repository.lockProjects(tx, member.tenantId, [before.projectId]);
        if (statusChanged) {
          changes.position = await placeIn(tx, member.tenantId, before.projectId, changes.status!, id, {
            kind: 'end',
          });
        }
        if (!(await repository.update(tx, member.tenantId, id, version, changes))) throw staleVersion();
        if (statusChanged) await repository.refreshProgress(tx, member.tenantId, before.projectId);
        const changed = changedFields(loggedFields, changes, before);
        const onlyStatus = changed.length === 1 && statusChanged;
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: onlyStatus ? 'moved' : 'updated',
          entityType: 'task',
          entityId: id,
          summary: onlyStatus
            ? movedSummary(before.title, changes.status!)
            : `updated task '${before.title}'`,
          data: {
            projectId: before.projectId,
            before: Object.fromEntries(changed.map((field) => [field, before[field]])),
            after: Object.fromEntries(changed.map((field) => [field, changes[field]])),
          },
        });
      });
      // Read with the scope as it is now: a contractor who gave the task away may no longer see it.
      return details(member, id);
    },

    /** A kanban drop: status and place in one transaction; progress follows (spec 4: no restriction). */
    async move(member: Member, id: string, input: MoveTaskValues): Promise<TaskCard> {
      const scope = await projects.scopeOf(member);
      const before = await repository.find(db, scope, id);
      if (!before) throw notFound('Task');
      const placement: Placement =
        input.afterId !== undefined
          ? { kind: 'after', id: input.afterId }
          : input.beforeId !== undefined
            ? { kind: 'before', id: input.beforeId }
            : input.index !== undefined
              ? { kind: 'index', index: input.index }
              : { kind: 'end' };
      if ((placement.kind === 'after' || placement.kind === 'before') && placement.id === id) {
        throw unprocessable('A card cannot be placed next to itself', {
          [`${placement.kind}Id`]: 'Choose another card',
        });
      }
      await db.transaction(async (tx) => {
        await repository.lockProjects(tx, member.tenantId, [before.projectId]);
        // Read again under the lock: a move without a version must compare with the current column.
        const current = await repository.find(tx, scope, id);
        if (!current) throw notFound('Task');
        if (input.version !== undefined && input.version !== current.version) throw staleVersion();
        const position = await placeIn(tx, member.tenantId, before.projectId, input.status, id, placement);
        const moved = await repository.update(tx, member.tenantId, id, input.version, {
          status: input.status,
          position,
        });
        if (!moved) throw staleVersion();
        const statusChanged = input.status !== current.status;
        if (statusChanged) await repository.refreshProgress(tx, member.tenantId, before.projectId);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'moved',
          entityType: 'task',
          entityId: id,
          summary: statusChanged
            ? movedSummary(before.title, input.status)
            : `reordered '${before.title}' in ${taskStatusLabels[input.status]}`,
          data: {
            projectId: before.projectId,
            before: { status: current.status, position: current.position },
            after: { status: input.status, position },
          },
        });
      });
      return card(member, scope, id);
    },

    /**
     * Spec 2 bulk bar. All or nothing: any id that is not a visible task fails the whole request
     * (404, `ids.<n>` per failing id) before anything changes.
     */
    async bulk(member: Member, input: BulkTaskValues): Promise<BulkTaskResult> {
      const scope = await projects.scopeOf(member);
      return db.transaction(async (tx) => {
        const found = await repository.findMany(tx, scope, input.ids);
        const foundIds = new Set(found.map((task) => task.id));
        const missing: Record<string, string> = {};
        input.ids.forEach((taskId, i) => {
          if (!foundIds.has(taskId)) missing[`ids.${i}`] = 'Task not found';
        });
        if (Object.keys(missing).length > 0) {
          throw new AppError('not_found', 'Some selected tasks were not found; nothing was changed', missing);
        }
        const projectIds = [...new Set(found.map((task) => task.projectId))].sort();
        await repository.lockProjects(tx, member.tenantId, projectIds);

        if (input.action === 'delete') {
          await repository.remove(tx, member.tenantId, input.ids);
          for (const task of found) {
            await activityLog.record(tx, {
              tenantId: member.tenantId,
              actor: actorOf(member),
              action: 'deleted',
              entityType: 'task',
              entityId: task.id,
              summary: `deleted task '${task.title}'`,
              data: { projectId: task.projectId, bulk: true },
            });
          }
        } else {
          const status = input.action;
          // Cards keep their relative order at the end of the target column.
          for (const task of found.filter((t) => t.status !== status)) {
            const position = await placeIn(tx, member.tenantId, task.projectId, status, task.id, {
              kind: 'end',
            });
            await repository.update(tx, member.tenantId, task.id, undefined, { status, position });
            await activityLog.record(tx, {
              tenantId: member.tenantId,
              actor: actorOf(member),
              action: 'moved',
              entityType: 'task',
              entityId: task.id,
              summary: movedSummary(task.title, status),
              data: {
                projectId: task.projectId,
                before: { status: task.status },
                after: { status },
                bulk: true,
              },
            });
          }
        }
        for (const projectId of projectIds) await repository.refreshProgress(tx, member.tenantId, projectId);
        return { action: input.action, count: found.length, ids: input.ids };
      });
    },

    async remove(member: Member, id: string): Promise<void> {
      const task = await visibleTask(member, id);
      await db.transaction(async (tx) => {
        await repository.lockProjects(tx, member.tenantId, [task.projectId]);
        if ((await repository.remove(tx, member.tenantId, [id])) === 0) throw notFound('Task');
        await repository.refreshProgress(tx, member.tenantId, task.projectId);
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'deleted',
          entityType: 'task',
          entityId: id,
          summary: `deleted task '${task.title}'`,
          data: { projectId: task.projectId, before: { title: task.title, status: task.status } },
        });
      });
    },

    // --- comments -------------------------------------------------------------------------------

    async comments(member: Member, taskId: string): Promise<TaskCommentList> {
      await visibleTask(member, taskId);
      return { data: await comments(member.tenantId, taskId) };
    },

    /** The author is the signed-in member's employee record (none for members without one). */
    async addComment(member: Member, taskId: string, input: CreateCommentValues): Promise<TaskComment> {
      const task = await visibleTask(member, taskId);
      const id = await db.transaction(async (tx) => {
        const id = await repository.insertComment(
          tx,
          member.tenantId,
          taskId,
          member.employeeId,
          input.content,
        );
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'commented',
          entityType: 'task',
          entityId: taskId,
          summary: `commented on '${task.title}'`,
          data: { projectId: task.projectId, commentId: id },
        });
        return id;
      });
      const all = await comments(member.tenantId, taskId);
      return all.find((comment) => comment.id === id)!;
    },

    // --- subtasks -------------------------------------------------------------------------------

    async addSubtask(member: Member, taskId: string, input: CreateSubtaskValues): Promise<Subtask> {
      const task = await visibleTask(member, taskId);
      await checkAssignee(member.tenantId, input.assigneeId);
      const id = await db.transaction(async (tx) => {
        const id = await repository.insertSubtask(
          tx,
          member.tenantId,
          taskId,
          { title: input.title, assigneeId: input.assigneeId ?? null },
          positionStep,
        );
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'subtask_added',
          entityType: 'task',
          entityId: taskId,
          summary: `added subtask '${input.title}' to '${task.title}'`,
          data: { projectId: task.projectId, subtaskId: id },
        });
        return id;
      });
      return (await repository.findSubtask(db, member.tenantId, taskId, id))!;
    },

    async updateSubtask(
      member: Member,
      taskId: string,
      subtaskId: string,
      input: UpdateSubtaskValues,
    ): Promise<Subtask> {
      const task = await visibleTask(member, taskId);
      const before = await repository.findSubtask(db, member.tenantId, taskId, subtaskId);
      if (!before) throw notFound('Subtask');
      await checkAssignee(member.tenantId, input.assigneeId);
      const { version, ...fields } = input;
      const changes = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as {
        title?: string;
        completed?: boolean;
        assigneeId?: string | null;
      };
      await db.transaction(async (tx) => {
        const updated = await repository.updateSubtask(
          tx,
          member.tenantId,
          taskId,
          subtaskId,
          version,
          changes,
        );
        if (!updated) throw staleVersion();
        const toggled = changes.completed !== undefined && changes.completed !== before.completed;
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'subtask_updated',
          entityType: 'task',
          entityId: taskId,
          summary: toggled
            ? `${changes.completed ? 'completed' : 'reopened'} subtask '${before.title}' of '${task.title}'`
            : `updated subtask '${before.title}' of '${task.title}'`,
          data: { projectId: task.projectId, subtaskId, before: { ...before }, after: changes },
        });
      });
      return (await repository.findSubtask(db, member.tenantId, taskId, subtaskId))!;
    },

    async removeSubtask(member: Member, taskId: string, subtaskId: string): Promise<void> {
      const task = await visibleTask(member, taskId);
      await db.transaction(async (tx) => {
        const removed = await repository.removeSubtask(tx, member.tenantId, taskId, subtaskId);
        if (!removed) throw notFound('Subtask');
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'subtask_deleted',
          entityType: 'task',
          entityId: taskId,
          summary: `deleted subtask '${removed.title}' from '${task.title}'`,
          data: { projectId: task.projectId, subtaskId },
        });
      });
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
