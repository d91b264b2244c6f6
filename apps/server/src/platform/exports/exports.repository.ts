import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';
import type { Action } from '@atrium/shared';
import type { StoredObject } from '../storage/file-storage';

const { exportFiles, storedFiles } = schema;

const exportColumns = {
  id: exportFiles.id,
  requestedBy: exportFiles.requestedBy,
  permission: exportFiles.permission,
  fileName: exportFiles.fileName,
  contentType: exportFiles.contentType,
  status: exportFiles.status,
  done: exportFiles.done,
  total: exportFiles.total,
  createdAt: exportFiles.createdAt,
  touchedAt: exportFiles.touchedAt,
  storageKey: storedFiles.storageKey,
  sizeBytes: storedFiles.sizeBytes,
};

export type ExportRow = NonNullable<Awaited<ReturnType<typeof exportsRepository.find>>>;

export const exportsRepository = {
  async insert(
    db: Db,
    values: {
      tenantId: string;
      requestedBy: string;
      permission: Action;
      fileName: string;
      contentType: string;
    },
  ): Promise<string> {
    const [row] = await db.insert(exportFiles).values(values).returning({ id: exportFiles.id });
    return row!.id;
  },

  async find(db: Db, tenantId: string, id: string) {
    const [row] = await db
      .select(exportColumns)
      .from(exportFiles)
      .leftJoin(
        storedFiles,
        and(eq(storedFiles.tenantId, exportFiles.tenantId), eq(storedFiles.id, exportFiles.fileId)),
      )
      .where(and(eq(exportFiles.tenantId, tenantId), eq(exportFiles.id, id)));
    return row;
  },

  async progress(db: Db, tenantId: string, id: string, done: number, total: number | null) {
    await db
      .update(exportFiles)
      .set({ done, total, touchedAt: new Date() })
      .where(and(eq(exportFiles.tenantId, tenantId), eq(exportFiles.id, id)));
  },

  /** The file is stored: its metadata and the export's ready state, together. */
  async finish(
    db: Db,
    export_: { tenantId: string; id: string; requestedBy: string; fileName: string; contentType: string },
    stored: StoredObject,
    progress: { done: number; total: number | null },
  ) {
    const { tenantId, id } = export_;
    await db.transaction(async (tx) => {
      const [file] = await tx
        .insert(storedFiles)
        .values({
          tenantId,
          storageKey: stored.key,
          fileName: export_.fileName,
          contentType: export_.contentType,
          sizeBytes: stored.sizeBytes,
          sha256: stored.sha256,
          uploadedBy: export_.requestedBy,
        })
        .returning({ id: storedFiles.id });
      const now = new Date();
      await tx
        .update(exportFiles)
        .set({ status: 'ready', fileId: file!.id, ...progress, touchedAt: now, finishedAt: now })
        .where(and(eq(exportFiles.tenantId, tenantId), eq(exportFiles.id, id)));
    });
  },

  async fail(db: Db, tenantId: string, id: string) {
    const now = new Date();
    await db
      .update(exportFiles)
      .set({ status: 'failed', touchedAt: now, finishedAt: now })
      .where(and(eq(exportFiles.tenantId, tenantId), eq(exportFiles.id, id)));
  },

  /** A workspace's exports asked for before `before`, oldest first, with their stored files. */
  expired(db: Db, tenantId: string, before: Date, limit: number) {
    return db
      .select({ id: exportFiles.id, fileId: exportFiles.fileId, storageKey: storedFiles.storageKey })
      .from(exportFiles)
      .leftJoin(
        storedFiles,
        and(eq(storedFiles.tenantId, exportFiles.tenantId), eq(storedFiles.id, exportFiles.fileId)),
      )
      .where(and(eq(exportFiles.tenantId, tenantId), lt(exportFiles.createdAt, before)))
      .orderBy(asc(exportFiles.createdAt))
      .limit(limit);
  },

  /** Removes exports and their stored files' metadata (the bytes are the storage's to remove). */
  async remove(db: Db, tenantId: string, exports: { id: string; fileId: string | null }[]) {
    const fileIds = exports.flatMap((row) => (row.fileId ? [row.fileId] : []));
    await db.transaction(async (tx) => {
      await tx.delete(exportFiles).where(
        and(
          eq(exportFiles.tenantId, tenantId),
          inArray(
            exportFiles.id,
            exports.map((row) => row.id),
          ),
        ),
      );
      if (fileIds.length > 0) {
        await tx
          .delete(storedFiles)
          .where(and(eq(storedFiles.tenantId, tenantId), inArray(storedFiles.id, fileIds)));
      }
    });
  },
};
