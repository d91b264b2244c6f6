import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Db } from '@atrium/db';
import { allows, type Action, type ExportJob } from '@atrium/shared';
import type { Member } from '../auth/member-context';
import { notFound } from '../errors/app-error';
import type { Logger } from '../logging/logger';
import { yieldToOtherRequests } from '../db/batches';
import type { FileStorage } from '../storage/file-storage';
import type { ExportSource } from './export-source';
import { exportsRepository as repository, type ExportRow } from './exports.repository';

/** A made file is kept this long for its download; a workspace's older ones go at its next export. */
const keepForMs = 24 * 3_600_000;
/** Progress is written at most this often... */
const progressEveryMs = 1_000;
/** ...so a running export not heard of for this long died with its server process. */
const staleAfterMs = 60_000;

const failedMessage = 'The export could not be made. Start it again.';
const stoppedMessage = 'The export stopped before it was finished. Start it again.';

/**
 * Exports too big to send as they are made (issue 17): the file is made in this process, in the
 * export's short statements, into file storage, while the client polls GET /exports/:id and then
 * downloads it. The state lives in export_files, so any process answers the polling; the work runs
 * where it was asked for, until the job service arrives (ADR 018).
 */
export function createBackgroundExports(deps: {
  db: Db;
  storage: FileStorage;
  log: Logger;
  /** Exports of more rows than this are made in the background. */
  backgroundRows: number;
}) {
  const { db, storage, log } = deps;
  const running = new Set<Promise<void>>();

  function toJob(row: ExportRow, now = Date.now()): ExportJob {
    const stopped = row.status === 'running' && now - row.touchedAt.getTime() > staleAfterMs;
    const status = stopped ? 'failed' : row.status;
    return {
      id: row.id,
      status,
      fileName: row.fileName,
      progress: { done: row.done, total: row.total },
      downloadUrl: status === 'ready' ? `/api/v1/exports/${row.id}/download` : null,
      error: status !== 'failed' ? null : stopped ? stoppedMessage : failedMessage,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The member's own export, while they still hold its permission and it is kept; 404 otherwise. */
  async function ownExport(member: Member, id: string): Promise<ExportRow> {
    const row = await repository.find(db, member.tenantId, id);
    if (
      !row ||
      row.requestedBy !== member.userId ||
      !allows(member, row.permission as Action) ||
      Date.now() - row.createdAt.getTime() > keepForMs
    ) {
      throw notFound('Export');
    }
    return row;
  }

  /** Removes a workspace's exports past keeping, files first. */
  async function sweep(tenantId: string) {
    const expired = await repository.expired(db, tenantId, new Date(Date.now() - keepForMs), 100);
    if (expired.length === 0) return;
    for (const row of expired) if (row.storageKey) await storage.remove(row.storageKey);
    await repository.remove(db, tenantId, expired);
  }

  async function make(
    export_: { tenantId: string; id: string; requestedBy: string; fileName: string; contentType: string },
    source: ExportSource,
  ) {
    const { tenantId, id } = export_;
    const latest: { done: number; total: number | null } = { done: 0, total: null };
    let written = Date.now();
    async function* bytes() {
      // The request that asked for it is answered first.
      await yieldToOtherRequests();
      for await (const piece of source.pieces((done, total) => Object.assign(latest, { done, total }))) {
        yield typeof piece === 'string' ? Buffer.from(piece) : piece;
        if (Date.now() - written >= progressEveryMs) {
          written = Date.now();
          await repository.progress(db, tenantId, id, latest.done, latest.total);
        }
      }
    }
    try {
      // Kept gzipped: the download then needs no compressing, which for tens of megabytes would
      // take the server's time just as the file is fetched; and it takes a seventh of the room.
      const gzip = createGzip();
      const [stored] = await Promise.all([
        storage.put(tenantId, gzip),
        pipeline(Readable.from(bytes()), gzip),
      ]);
      try {
        await repository.finish(db, export_, stored, latest);
      } catch (error) {
        await storage.remove(stored.key);
        throw error;
      }
    } catch (error) {
      log.error({ err: error, exportId: id }, 'background export failed');
      await repository.fail(db, tenantId, id).catch(() => undefined);
    }
  }

  return {
    backgroundRows: deps.backgroundRows,

    /** Records the export and starts making its file; answers at once with its state. */
    async start(member: Member, permission: Action, source: ExportSource): Promise<ExportJob> {
      await sweep(member.tenantId);
      const values = {
        tenantId: member.tenantId,
        requestedBy: member.userId,
        permission,
        fileName: source.fileName,
        contentType: source.contentType,
      };
      const id = await repository.insert(db, values);
      const work = make({ ...values, id }, source).finally(() => running.delete(work));
      running.add(work);
      return toJob((await repository.find(db, member.tenantId, id))!);
    },

    async status(member: Member, id: string): Promise<ExportJob> {
      return toJob(await ownExport(member, id));
    },

    /** The ready file, gzipped, and its headers; 404 until it is ready. */
    async download(member: Member, id: string) {
      const row = await ownExport(member, id);
      if (toJob(row).status !== 'ready' || !row.storageKey || !(await storage.exists(row.storageKey))) {
        throw notFound('Export file');
      }
      return {
        gzipped: storage.read(row.storageKey),
        gzippedBytes: row.sizeBytes,
        fileName: row.fileName,
        contentType: row.contentType,
      };
    },

    /** Resolves when the exports this process is making are done (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.allSettled([...running]);
    },
  };
}

export type BackgroundExports = ReturnType<typeof createBackgroundExports>;
