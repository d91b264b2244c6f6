import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { subtasks } = schema;

const subtaskColumns = {
  id: subtasks.id,
  taskId: subtasks.taskId,
  title: subtasks.title,
  completed: subtasks.completed,
  assigneeId: subtasks.assigneeId,
  position: subtasks.position,
  version: subtasks.version,
};

export type SubtaskChanges = Partial<
  Pick<typeof subtasks.$inferSelect, 'title' | 'completed' | 'assigneeId'>
>;

/** One subtask of one task. */
type SubtaskKey = { tenantId: string; taskId: string; id: string };

const oneSubtask = ({ tenantId, taskId, id }: SubtaskKey) =>
  and(eq(subtasks.tenantId, tenantId), eq(subtasks.taskId, taskId), eq(subtasks.id, id));

export const subtasksRepository = {
  subtasks(db: Db | Tx, tenantId: string, taskId: string) {
    return db
      .select(subtaskColumns)
      .from(subtasks)
      .where(and(eq(subtasks.tenantId, tenantId), eq(subtasks.taskId, taskId)))
      .orderBy(asc(subtasks.position), asc(subtasks.id));
  },

  async findSubtask(db: Db | Tx, key: SubtaskKey) {
    const [row] = await db.select(subtaskColumns).from(subtasks).where(oneSubtask(key));
    return row;
  },

  /** Appends a subtask `step` after the task's last one. */
  async insertSubtask(
    tx: Tx,
    subtask: {
      tenantId: string;
      taskId: string;
      values: Pick<typeof subtasks.$inferSelect, 'title' | 'assigneeId'>;
      step: number;
    },
  ) {
    const { tenantId, taskId, values, step } = subtask;
    const [last] = await tx
      .select({ position: sql<number | null>`max(${subtasks.position})` })
      .from(subtasks)
      .where(and(eq(subtasks.tenantId, tenantId), eq(subtasks.taskId, taskId)));
    const [row] = await tx
      .insert(subtasks)
      .values({ tenantId, taskId, ...values, position: Number(last?.position ?? 0) + step })
      .returning({ id: subtasks.id });
    return row!.id;
  },

  /** Applies the change if the subtask still has `version` (any when undefined); undefined if not. */
  async updateSubtask(tx: Tx, change: SubtaskKey & { version: number | undefined; changes: SubtaskChanges }) {
    const [row] = await tx
      .update(subtasks)
      .set({ ...change.changes, version: sql`${subtasks.version} + 1` })
      .where(
        and(
          oneSubtask(change),
          change.version === undefined ? undefined : eq(subtasks.version, change.version),
        ),
      )
      .returning({ id: subtasks.id });
    return row;
  },

  async removeSubtask(tx: Tx, key: SubtaskKey) {
    const [row] = await tx
      .delete(subtasks)
      .where(oneSubtask(key))
      .returning({ id: subtasks.id, title: subtasks.title });
    return row;
  },
};
