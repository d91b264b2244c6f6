import { and, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';
import {
  containsPattern,
  searchWords,
  ticketNumberIn,
  ticketPriorities,
  type SlaTier,
  type TicketCategory,
  type TicketPriority,
  type TicketSortKey,
  type TicketStatus,
  type TicketType,
} from '@atrium/shared';
import { keysetCursor, keysetCursorShape, keysetPage, type KeysetSort } from '../../platform/db/keyset';
import { rowsOf } from '../../platform/db/results';
import { dueByCondition, nearestDue } from './sla.repository';
import { selectTickets, type TicketRow } from './tickets.repository';

const { tickets, ticketMessages, slaLevels } = schema;

/**
 * Which tickets the queue lists, resolved by the service from the view and the filters: statuses
 * null means none at all (a view and a status filter that exclude each other).
 */
export type TicketFilter = {
  tenantId: string;
  statuses: readonly TicketStatus[] | null;
  /** An employee id, 'nobody', or undefined for anyone. */
  assignee: string | 'nobody' | undefined;
  priority?: TicketPriority | undefined;
  type?: TicketType | undefined;
  category?: TicketCategory | undefined;
  slaTier?: SlaTier | undefined;
  tag?: string | undefined;
  customer?: string | undefined;
  q?: string | undefined;
  /** The words of `q` found so often that the queue is read in order and checked row by row. */
  commonWords?: ReadonlySet<string> | undefined;
  /** Breaching soon: a running clock due by then (ticket-rules breachingSoonBusinessMinutes). */
  dueBy?: Date | undefined;
};

/** The queue's sorts, and Breaching soon's own: the nearest due time first. */
export type QueueSortKey = TicketSortKey | 'due';

const timestampKey = (row: TicketRow, key: 'createdAt' | 'updatedAt') => row[key].toISOString();

// Each sort reads its (tenant_id, key, id) index forwards or backwards (migration 0016).
const sortKeys: Record<QueueSortKey, KeysetSort<TicketRow>> = {
  created: {
    exprs: [sql`${tickets.createdAt}`],
    casts: [{ type: 'timestamptz' }],
    values: (row) => [timestampKey(row, 'createdAt')],
  },
  updated: {
    exprs: [sql`${tickets.updatedAt}`],
    casts: [{ type: 'timestamptz' }],
    values: (row) => [timestampKey(row, 'updatedAt')],
  },
  // The enum is declared low < medium < high < urgent; within a priority, by creation.
  priority: {
    exprs: [sql`${tickets.priority}`, sql`${tickets.createdAt}`],
    casts: [{ type: 'enum', name: 'ticket_priority', values: ticketPriorities }, { type: 'timestamptz' }],
    values: (row) => [row.priority, timestampKey(row, 'createdAt')],
  },
  number: { exprs: [sql`${tickets.number}`], casts: [{ type: 'int' }], values: (row) => [row.number] },
  subject: { exprs: [sql`${tickets.subject}`], casts: [{ type: 'text' }], values: (row) => [row.subject] },
  // Only with dueBy, which leaves no row without a due time.
  due: {
    exprs: [nearestDue],
    casts: [{ type: 'timestamptz' }],
    values: (row) => [
      [row.firstResponseDueAt, row.resolutionDueAt]
        .filter((due) => due !== null)
        .reduce((nearest, due) => (due < nearest ? due : nearest))
        .toISOString(),
    ],
  },
};

export const ticketCursorShape = (sort: QueueSortKey) => keysetCursorShape(sortKeys[sort]);
export const ticketCursorValues = (sort: QueueSortKey, row: TicketRow) => keysetCursor(sortKeys[sort], row);

/** A word's matches, per part, beyond which the word counts as common (searchDensity). */
export const commonWordMatches = 2_000;

const ticketFieldsMatch = (pattern: string, t = sql.raw('t')) =>
  sql`(${t}.subject ilike ${pattern} or ${t}.customer_name ilike ${pattern} or ${t}.customer_email ilike ${pattern})`;

/**
 * One word of a search: in the subject or the customer's name or email, or in any message of the
 * ticket; and the ticket of that number when the word is one (`#1042`, `1042`).
 *
 * A rare word is one id set of parts each served by its own index (trigram, or the number's unique
 * one): the few matches are found first, then ordered. A common word (thousands of matches) would
 * make that set the whole cost, so the queue is read in its order instead and each ticket checked,
 * its messages through their ticket index: enough matches come early.
 */
function wordMatches(tenantId: string, word: string, number: number | null, common: boolean): SQL {
  const pattern = containsPattern(word);
  if (common) {
    // OFFSET 0 keeps the subquery correlated: hashed, it would read every matching message first.
    return sql`(${ticketFieldsMatch(pattern, sql`${tickets}`)} or exists (
      select 1 from ${ticketMessages} m
      where m.tenant_id = ${tickets.tenantId} and m.ticket_id = ${tickets.id} and m.body ilike ${pattern}
      offset 0))`;
  }
  const byNumber =
    number === null
      ? sql``
      : sql`select t.id from ${tickets} t where t.tenant_id = ${tenantId} and t.number = ${number} union `;
  return sql`${tickets.id} in (${byNumber}
    select t.id from ${tickets} t where t.tenant_id = ${tenantId} and ${ticketFieldsMatch(pattern)}
    union
    select m.ticket_id from ${ticketMessages} m where m.tenant_id = ${tenantId} and m.body ilike ${pattern})`;
}

/** The tickets the filter selects (the queue and its total). */
export function ticketFilterWhere(filter: TicketFilter): SQL {
  const { tenantId } = filter;
  const conditions: (SQL | undefined)[] = [eq(tickets.tenantId, tenantId)];
  if (filter.statuses === null) conditions.push(sql`false`);
  else if (filter.statuses.length > 0) conditions.push(inArray(tickets.status, [...filter.statuses]));
  if (filter.assignee === 'nobody') conditions.push(isNull(tickets.assignedAgentId));
  else if (filter.assignee) conditions.push(eq(tickets.assignedAgentId, filter.assignee));
  if (filter.priority) conditions.push(eq(tickets.priority, filter.priority));
  if (filter.type) conditions.push(eq(tickets.type, filter.type));
  if (filter.category) conditions.push(eq(tickets.category, filter.category));
  if (filter.slaTier) {
    conditions.push(
      sql`${tickets.slaLevelId} in (select ${slaLevels.id} from ${slaLevels}
        where ${slaLevels.tenantId} = ${tenantId} and ${slaLevels.name} = ${filter.slaTier})`,
    );
  }
  // tickets_tags_idx (GIN) serves the containment.
  if (filter.tag) conditions.push(sql`${tickets.tags} @> array[${filter.tag}]::text[]`);
  if (filter.customer) {
    const pattern = containsPattern(filter.customer);
    conditions.push(or(ilike(tickets.customerName, pattern), ilike(tickets.customerEmail, pattern)));
  }
  // A number is a search of one word (ticketNumberIn), so it joins that word's matches.
  const number = ticketNumberIn(filter.q);
  for (const word of searchWords(filter.q)) {
    conditions.push(wordMatches(tenantId, word, number, filter.commonWords?.has(word) ?? false));
  }
  if (filter.dueBy) conditions.push(dueByCondition(filter.dueBy));
  return and(...conditions)!;
}

export const ticketQueueRepository = {
  list(
    db: Db,
    query: {
      filter: TicketFilter;
      sort: QueueSortKey;
      direction: 'asc' | 'desc';
      limit: number;
      cursor: (string | number | null)[] | undefined;
    },
  ): Promise<TicketRow[]> {
    const { filter, sort, direction, limit, cursor } = query;
    const where = ticketFilterWhere(filter);
    return keysetPage(
      { sort: sortKeys[sort], idColumn: sql`${tickets.id}`, direction, cursor, limit },
      (page) =>
        selectTickets(db)
          .where(and(where, page.where))
          .orderBy(...page.orderBy)
          .limit(page.limit),
    );
  },

  /**
   * The words of a search with so many matches that reading the queue in order finds a page sooner
   * than collecting their matches: each part's matches are counted up to commonWordMatches only.
   */
  async commonWords(db: Db, tenantId: string, words: readonly string[]): Promise<Set<string>> {
    const common = new Set<string>();
    for (const word of words) {
      const pattern = containsPattern(word);
      const result = await db.execute(sql`
        select greatest(
          (select count(*) from (select 1 from ${tickets} t where t.tenant_id = ${tenantId}
            and ${ticketFieldsMatch(pattern)} limit ${commonWordMatches}) a),
          (select count(*) from (select 1 from ${ticketMessages} m where m.tenant_id = ${tenantId}
            and m.body ilike ${pattern} limit ${commonWordMatches}) b))::int as "matches"`);
      if (rowsOf<{ matches: number }>(result)[0]!.matches >= commonWordMatches) common.add(word);
    }
    return common;
  },

  async count(db: Db, filter: TicketFilter): Promise<number> {
    const [row] = await db.select({ count: count() }).from(tickets).where(ticketFilterWhere(filter));
    return row?.count ?? 0;
  },
};
