import type { Db } from '@atrium/db';
import {
  employeeFullName,
  goalStatus,
  type CreateGoalInput,
  type Goal,
  type GoalStatus,
  type ListPage,
  type UpdateGoalInput,
} from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { AppError, forbidden, notFound, staleVersion } from '../../platform/errors/app-error';
import { performanceRepository as repo, type GoalFilter, type GoalRow } from './performance.repository';
import { clock, mayManage, visibleScope } from './performance-scope';

export function toGoal(row: GoalRow, today: string): Goal {
  const status = goalStatus(row, today);
  return {
    id: row.id,
    employee: { id: row.employeeId, name: row.employeeName },
    title: row.title,
    description: row.description,
    targetDate: row.targetDate,
    progress: row.progress,
    status,
    overdue: status === 'overdue',
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The filtered goals a page per statement, soonest target date first (the employee summary and the export). */
export const goalPages = (db: Db, tenantId: string, filter: GoalFilter) => ({
  fetch: (after: { targetDate: string; id: string } | undefined, size: number) =>
    repo.listGoals(db, { tenantId, filter, limit: size, after }),
  keyOf: (row: GoalRow) => ({ targetDate: row.targetDate, id: row.id }),
});

type GoalQuery = {
  employeeId?: string | undefined;
  status?: GoalStatus | undefined;
  limit: number;
  cursor?: string | undefined;
};

/** The Goals tab: Add Goal for Managers, progress and Complete for the goal's employee too. */
export function createGoalsService({ db }: { db: Db }) {
  async function goalView(member: Member, id: string, today: string) {
    const row = await repo.findGoal(db, member.tenantId, id);
    if (!row) throw notFound('Goal');
    return toGoal(row, today);
  }

  /** The goal, if the member may act on it: Managers any, an employee their own (else 404). */
  async function actionableGoal(member: Member, id: string) {
    const row = await repo.findGoal(db, member.tenantId, id);
    if (!row || (!mayManage(member) && row.employeeId !== member.employeeId)) throw notFound('Goal');
    return row;
  }

  return {
    async listGoals(member: Member, query: GoalQuery): Promise<ListPage<Goal>> {
      const scope = visibleScope(member, query.employeeId);
      if (!scope) return { data: [], nextCursor: null };
      const { today } = clock(member);
      const filter: GoalFilter = { ...scope, status: query.status, today };
      const cursor = query.cursor ? decodeCursor(query.cursor, ['date', 'uuid']) : undefined;
      const after = cursor ? { targetDate: cursor[0], id: cursor[1] } : undefined;
      const rows = await repo.listGoals(db, {
        tenantId: member.tenantId,
        filter,
        limit: query.limit + 1,
        after,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [last.targetDate, last.id]);
      return {
        data: page.map((row) => toGoal(row, today)),
        nextCursor,
      };
    },

    async createGoal(
      member: Member,
      input: CreateGoalInput & { description: string; progress: number },
    ): Promise<Goal> {
      const employee = await repo.findEmployee(db, member.tenantId, input.employeeId);
      if (!employee) {
        throw new AppError('unprocessable', 'This employee is not in the workspace', {
          employeeId: 'Choose an employee of this workspace',
        });
      }
      const id = await db.transaction(async (tx) => {
        const id = await repo.insertGoal(tx, {
          tenantId: member.tenantId,
          employeeId: employee.id,
          title: input.title,
          description: input.description,
          targetDate: input.targetDate,
          progress: input.progress,
          status: 'active',
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'goal',
          entityId: id,
          summary: `set the goal '${input.title}' for ${employeeFullName(employee)}, due ${input.targetDate}`,
          data: {
            employeeId: employee.id,
            title: input.title,
            targetDate: input.targetDate,
            progress: input.progress,
          },
        });
        return id;
      });
      return goalView(member, id, clock(member).today);
    },

    /**
     * Update a goal. Its employee may update the progress (performance:view + ownership); the
     * title, description and target date are for Managers and Admins (performance:manage).
     */
    async updateGoal(member: Member, id: string, input: UpdateGoalInput): Promise<Goal> {
      const goal = await actionableGoal(member, id);
      const { version, ...changes } = input;
      const managerFields = (['title', 'description', 'targetDate'] as const).filter(
        (f) => changes[f] !== undefined,
      );
      if (managerFields.length > 0 && !mayManage(member)) {
        throw forbidden(
          'Only Managers and Admins can change the title, description or target date of a goal',
        );
      }
      if (
        changes.progress !== undefined &&
        goal.status === 'completed' &&
        changes.progress !== goal.progress
      ) {
        throw new AppError('unprocessable', 'This goal is completed; its progress stays at 100', {
          progress: 'The goal is completed',
        });
      }
      await db.transaction(async (tx) => {
        if (!(await repo.updateGoal(tx, { tenantId: member.tenantId, id, version, changes }))) {
          throw staleVersion();
        }
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'updated',
          entityType: 'goal',
          entityId: id,
          summary:
            changes.progress !== undefined && managerFields.length === 0
              ? `updated the progress of '${goal.title}' to ${changes.progress}%`
              : `updated the goal '${changes.title ?? goal.title}'`,
          data: {
            before: {
              progress: goal.progress,
              title: goal.title,
              description: goal.description,
              targetDate: goal.targetDate,
            },
            after: changes,
          },
        });
      });
      return goalView(member, id, clock(member).today);
    },

    /** Complete: status completed, progress 100, completedAt now (spec 4). Completing twice changes nothing. */
    async completeGoal(member: Member, id: string, version: number | undefined): Promise<Goal> {
      const goal = await actionableGoal(member, id);
      const { today } = clock(member);
      if (goal.status === 'completed') return toGoal(goal, today);
      await db.transaction(async (tx) => {
        const updated = await repo.updateGoal(tx, {
          tenantId: member.tenantId,
          id,
          version,
          changes: { status: 'completed', progress: 100, completedAt: new Date() },
        });
        if (!updated) throw staleVersion();
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'completed',
          entityType: 'goal',
          entityId: id,
          summary: `completed the goal '${goal.title}' of ${goal.employeeName}`,
          data: { before: { progress: goal.progress, status: goalStatus(goal, today) } },
        });
      });
      return goalView(member, id, today);
    },
  };
}
