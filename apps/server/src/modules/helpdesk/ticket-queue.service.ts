import {
  ticketStatusesToList,
  ticketViewScope,
  type BulkTicketResult,
  type BulkTicketValues,
  type TicketListQuery,
  type TicketListResponse,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { keptTotal } from '../../platform/db/workspace-memo';
import { AppError } from '../../platform/errors/app-error';
import { applyTicketEdit, checkAssignment, type HelpdeskDeps, type TicketEdit } from './ticket-changes';
import {
  ticketCursorShape,
  ticketCursorValues,
  ticketQueueRepository,
  type TicketFilter,
} from './ticket-queue.repository';
import { toTicketSummary } from './ticket-view';
import { ticketsRepository as repository } from './tickets.repository';

/** The view and the filters as the repository reads them: which statuses, whose tickets. */
function filterOf(member: Member, query: TicketListQuery): TicketFilter {
  const scope = ticketViewScope(query.view);
  let statuses = ticketStatusesToList(query.view, query.status);
  let assignee: TicketFilter['assignee'] =
    query.assigneeId === 'unassigned' ? 'nobody' : (query.assigneeId ?? undefined);
  if (scope.assignee !== 'anyone') {
    const viewAssignee = scope.assignee === 'nobody' ? 'nobody' : member.employeeId;
    // "Mine" for a member without an employee record, or a filter naming someone else: nothing.
    if (viewAssignee === null || (assignee !== undefined && assignee !== viewAssignee)) statuses = null;
    assignee = viewAssignee ?? undefined;
  }
  return {
    tenantId: member.tenantId,
    statuses,
    assignee,
    priority: query.priority,
    type: query.type,
    category: query.category,
    slaTier: query.slaTier,
    tag: query.tag,
    customer: query.customer,
    q: query.q,
  };
}

/** The edit a bulk action makes to one ticket. */
function bulkEdit(input: BulkTicketValues, tags: string[]): TicketEdit {
  switch (input.action) {
    case 'assign':
      return { assigneeId: input.assigneeId };
    case 'set-status':
      return { status: input.status };
    case 'set-priority':
      return { priority: input.priority };
    case 'add-tag':
      return { tags: tags.includes(input.tag) ? tags : [...tags, input.tag] };
    case 'close':
      return { status: 'closed' };
  }
}

/** The queue (issue 21): views, filters, search, sorts, keyset pages, and the bulk bar. */
export function createTicketQueueService(deps: HelpdeskDeps) {
  const { db, memo } = deps;
  return {
    async list(member: Member, query: TicketListQuery): Promise<TicketListResponse> {
      const filter = filterOf(member, query);
      const breaching = query.view === 'breaching';
      if (breaching) filter.dueBy = await deps.sla.breachingSoonBound(db, member.tenantId, deps.now());
      const sort = breaching ? 'due' : query.sort;
      const cursor = query.cursor ? decodeCursor(query.cursor, ticketCursorShape(sort)) : undefined;
      filter.words = await ticketQueueRepository.searchWordsOf(db, query.q);
      const list = ticketQueueRepository.list(db, {
        filter,
        sort,
        direction: breaching ? 'asc' : query.order,
        limit: query.limit + 1,
        cursor,
      });
      const [{ rows, searchedAll }, total] = await Promise.all([
        list,
        cursor || filter.words.length > 0
          ? undefined
          : keptTotal(memo, member.tenantId, { key: ['ticket-total', filter] }, () =>
              ticketQueueRepository.count(db, filter),
            ),
      ]);
      // A search's total only when its page came from every match: counting the thousands of
      // tickets a common word finds would cost more than the page.
      const searchTotal =
        !cursor && filter.words.length > 0 && searchedAll
          ? await ticketQueueRepository.count(db, filter)
          : undefined;
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => ticketCursorValues(sort, last));
      const now = deps.now();
      return {
        data: page.map((row) => toTicketSummary(row, now)),
        nextCursor,
        ...((total ?? searchTotal) === undefined ? {} : { total: total ?? searchTotal }),
      };
    },

    /**
     * Issue 21 bulk bar, all or nothing: any id that is not a ticket of the workspace fails the whole
     * request (404, `ids.<n>` per failing id) before anything changes; so does an assignment the
     * member may not make (403).
     */
    async bulk(member: Member, input: BulkTicketValues): Promise<BulkTicketResult> {
      if (input.action === 'assign') await checkAssignment(db, member, input.assigneeId);
      return db.transaction(async (tx) => {
        const found = await repository.lockMany(tx, member.tenantId, input.ids);
        const foundIds = new Set(found.map((ticket) => ticket.id));
        const missing: Record<string, string> = {};
        input.ids.forEach((ticketId, i) => {
          if (!foundIds.has(ticketId)) missing[`ids.${i}`] = 'Ticket not found';
        });
        if (Object.keys(missing).length > 0) {
          throw new AppError(
            'not_found',
            'Some selected tickets were not found; nothing was changed',
            missing,
          );
        }
        for (const before of found) {
          await applyTicketEdit(tx, deps, {
            member,
            before,
            edit: bulkEdit(input, before.tags),
            version: undefined,
            bulk: true,
          });
        }
        return { action: input.action, count: found.length, ids: input.ids };
      });
    },
  };
}
