import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { storedFiles } = schema;

export type StoredFileRow = typeof storedFiles.$inferSelect;

/** The metadata of bytes kept by the file storage: who uploaded what, under which key. */
export const storedFilesRepository = {
  async insert(
    db: Db,
    row: Pick<
      typeof storedFiles.$inferInsert,
      'tenantId' | 'storageKey' | 'fileName' | 'contentType' | 'sizeBytes' | 'sha256' | 'uploadedBy'
    >,
  ): Promise<StoredFileRow> {
    const [inserted] = await db.insert(storedFiles).values(row).returning();
    return inserted!;
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
