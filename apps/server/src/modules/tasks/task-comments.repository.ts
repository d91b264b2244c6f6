import { and, asc, eq } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { taskComments, employees } = schema;

/** A task's comments with their authors, oldest first. */
const commentsOf = (db: Db, tenantId: string, taskId: string) =>
  db
    .select({
      id: taskComments.id,
      taskId: taskComments.taskId,
      content: taskComments.content,
      createdAt: taskComments.createdAt,
      authorId: taskComments.authorId,
      authorFirstName: employees.firstName,
      authorLastName: employees.lastName,
      authorAvatarUrl: employees.avatarUrl,
    })
    .from(taskComments)
    .leftJoin(
      employees,
      and(eq(employees.tenantId, taskComments.tenantId), eq(employees.id, taskComments.authorId)),
    )
    .where(and(eq(taskComments.tenantId, tenantId), eq(taskComments.taskId, taskId)))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));

export type CommentRow = Awaited<ReturnType<typeof commentsOf>>[number];

export const taskCommentsRepository = {
  comments: commentsOf,

  async insertComment(
    tx: Tx,
    values: Pick<typeof taskComments.$inferInsert, 'tenantId' | 'taskId' | 'authorId' | 'content'>,
  ) {
    const [row] = await tx.insert(taskComments).values(values).returning({ id: taskComments.id });
    return row!.id;
  },
};
