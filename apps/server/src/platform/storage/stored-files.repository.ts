import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { storedFiles } = schema;

export type StoredFileRow = typeof storedFiles.$inferSelect;

/** The metadata of bytes kept by the file storage: who uploaded what, under which key. */
export const storedFilesRepository = {
  async insert(
    db: Db,
    row: Pick<
      typeof storedFiles.$inferInsert,
      | 'tenantId'
      | 'storageKey'
      | 'fileName'
      | 'contentType'
      | 'sizeBytes'
      | 'sha256'
      | 'uploadedBy'
      | 'unattachedSince'
    >,
  ): Promise<StoredFileRow> {
    const [inserted] = await db.insert(storedFiles).values(row).returning();
    return inserted!;
  },

  /**
   * Uploads now part of something: the nightly clean-up leaves them be. The number attached, fewer
   * than asked when the clean-up removed one first.
   */
  async attach(db: Db | Tx, tenantId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const attached = await db
      .update(storedFiles)
      .set({ unattachedSince: null })
      .where(and(eq(storedFiles.tenantId, tenantId), inArray(storedFiles.id, [...ids])))
      .returning({ id: storedFiles.id });
    return attached.length;
  },

  /** Up to `limit` uploads, of every workspace, still unattached since before `before`. */
  unattachedBefore(db: Db, before: Date, limit: number) {
    return db
      .select({ tenantId: storedFiles.tenantId, id: storedFiles.id, storageKey: storedFiles.storageKey })
      .from(storedFiles)
      .where(and(isNotNull(storedFiles.unattachedSince), lt(storedFiles.unattachedSince, before)))
      .orderBy(storedFiles.unattachedSince)
      .limit(limit);
  },

  /** Removes these rows, unless one was attached meanwhile; the ids removed. */
  async removeUnattached(db: Db, files: readonly { tenantId: string; id: string }[]): Promise<string[]> {
    if (files.length === 0) return [];
    const removed = await db
      .delete(storedFiles)
      .where(
        and(
          isNotNull(storedFiles.unattachedSince),
          sql`(${storedFiles.tenantId}, ${storedFiles.id}) in (${sql.join(
            files.map((file) => sql`(${file.tenantId}::uuid, ${file.id}::uuid)`),
            sql`, `,
          )})`,
        ),
      )
      .returning({ id: storedFiles.id });
    return removed.map((row) => row.id);
  },

  /** The uploads among `ids` that this user made in this workspace. */
  uploadedBy(db: Db | Tx, tenantId: string, userId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.tenantId, tenantId),
          eq(storedFiles.uploadedBy, userId),
          inArray(storedFiles.id, [...ids]),
        ),
      );
  },
};
