import {
  employeeFullName,
  type CreateSuppressionValues,
  type Suppression,
  type SuppressionListQuery,
  type SuppressionListResponse,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { conflict, notFound } from '../../platform/errors/app-error';
import type { MarketingDeps } from './marketing-deps';
import { suppressionsRepository as repository, type SuppressionRow } from './suppressions.repository';

function toSuppression(row: SuppressionRow): Suppression {
  return {
    id: row.id,
    email: row.email,
    reason: row.reason,
    detail: row.detail,
    campaign:
      row.campaignId && row.campaignName !== null ? { id: row.campaignId, name: row.campaignName } : null,
    createdBy:
      row.createdById && row.createdByFirstName !== null && row.createdByLastName !== null
        ? {
            id: row.createdById,
            name: employeeFullName({ firstName: row.createdByFirstName, lastName: row.createdByLastName }),
          }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const alreadySuppressed = () =>
  conflict('This address is already on the suppression list', {
    email: 'This address is already suppressed',
  });

/** The suppression list (issue 23): read by everyone in marketing, changed by hand by its managers. */
export function createSuppressionsService(deps: MarketingDeps) {
  const { db } = deps;

  return {
    async list(member: Member, query: SuppressionListQuery): Promise<SuppressionListResponse> {
      const after = query.cursor ? decodeCursor(query.cursor, ['timestamp', 'uuid']) : undefined;
      const rows = await repository.list(db, member.tenantId, {
        q: query.q,
        reason: query.reason,
        limit: query.limit + 1,
        before: after ? { createdAt: new Date(after[0]), id: after[1] } : undefined,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
        last.createdAt.toISOString(),
        last.id,
      ]);
      return { data: page.map(toSuppression), nextCursor };
    },

    /** 409 when the address is on the list already, whatever put it there. */
    async create(member: Member, input: CreateSuppressionValues): Promise<Suppression> {
      let id: string;
      try {
        id = await db.transaction((tx) =>
          repository.insert(tx, {
            tenantId: member.tenantId,
            email: input.email,
            reason: 'manual',
            detail: input.detail,
            createdBy: member.employeeId,
          }),
        );
      } catch (error) {
        if (repository.isDuplicate(error)) throw alreadySuppressed();
        throw error;
      }
      const row = await repository.find(db, member.tenantId, id);
      return toSuppression(row!);
    },

    /** Releases the address: the next campaign may reach it again. */
    async release(member: Member, id: string): Promise<void> {
      const deleted = await db.transaction((tx) => repository.delete(tx, member.tenantId, id));
      if (!deleted) throw notFound('Suppression');
    },
  };
}

export type SuppressionsService = ReturnType<typeof createSuppressionsService>;
