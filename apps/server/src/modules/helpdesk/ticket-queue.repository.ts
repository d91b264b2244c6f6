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
import {
  keysetCursor,
  keysetCursorShape,
  keysetPage,
  type KeysetQuery,
  type KeysetSort,
} from '../../platform/db/keyset';
import { rowsOf } from '../../platform/db/results';
import { dueByCondition, nearestDue } from './sla.repository';
import { selectTickets, type TicketRow } from './tickets.repository';

const { tickets, slaLevels } = schema;

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
  /** The words of `q` as searchWordsOf made them. */
  words?: readonly SearchWord[] | undefined;
  /** Breaching soon: a running clock due by then (ticket-rules breachingSoonBusinessMinutes). */
  dueBy?: Date | undefined;
};

/**
 * A word of a search, and the same word as a query over messages' words: split as the database
 * split the messages, each part a prefix ("invoice" finds "invoices"); null without letters or digits.
 */
export type SearchWord = { text: string; messagesQuery: string | null };

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

/**
 * How many tickets of the queue, in its order, a search reads checking each one before it looks its
 * words up in their indexes instead (searchPage).
 */
export const searchWindow = 2_000;

const ticketColumnsMatch = (t: SQL, pattern: string) =>
  sql`(${t}.subject ilike ${pattern} or ${t}.customer_name ilike ${pattern} or ${t}.customer_email ilike ${pattern})`;

/**
 * One word of a search on one ticket row `t`: in the subject or the customer's name or email, in
 * any message of the ticket (its message words, migration 0019), or the ticket of that number when
 * the word is one (`#1042`, `1042`).
 */
function wordOnRow(t: SQL, word: SearchWord, number: number | null): SQL {
  const parts = [ticketColumnsMatch(t, containsPattern(word.text))];
  if (word.messagesQuery !== null) {
    parts.push(sql`${t}.message_words @@ to_tsquery('simple', ${word.messagesQuery})`);
  }
  if (number !== null) parts.push(sql`${t}.number = ${number}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The same word as a set of ids, each part served by its own index (trigram, GIN, unique number). */
function wordIds(tenantId: string, word: SearchWord, number: number | null): SQL {
  const t = sql.raw('t');
  const inTenant = sql`select t.id from ${tickets} t where t.tenant_id = ${tenantId} and`;
  const parts = [sql`${inTenant} ${ticketColumnsMatch(t, containsPattern(word.text))}`];
  if (word.messagesQuery !== null) {
    parts.push(sql`${inTenant} t.message_words @@ to_tsquery('simple', ${word.messagesQuery})`);
  }
  if (number !== null) parts.push(sql`${inTenant} t.number = ${number}`);
  return sql`${tickets.id} in (${sql.join(parts, sql` union `)})`;
}

/**
 * The tickets the filter selects (the queue and its total); a search's words found through their
 * indexes, or left out (`words: false`) for the queue window that reads them on each row.
 */
export function ticketFilterWhere(filter: TicketFilter, words = true): SQL {
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
  if (words) {
    const number = ticketNumberIn(filter.q);
    for (const word of filter.words ?? []) conditions.push(wordIds(tenantId, word, number));
  }
  if (filter.dueBy) conditions.push(dueByCondition(filter.dueBy));
  return and(...conditions)!;
}

export const ticketQueueRepository = {
  /**
   * A page of the queue. A search reads the queue's next searchWindow tickets in order, checking
   * each: a word found in many tickets fills the page there at once. When it does not, the word is
   * rare, and its few tickets are found through the indexes and ordered; `searchedAll` then says the
   * page came from every match, which can be counted cheaply.
   */
  async list(
    db: Db,
    query: {
      filter: TicketFilter;
      sort: QueueSortKey;
      direction: 'asc' | 'desc';
      limit: number;
      cursor: (string | number | null)[] | undefined;
    },
  ): Promise<{ rows: TicketRow[]; searchedAll: boolean }> {
    const { filter, sort, direction, limit, cursor } = query;
    const read = (where: SQL, within?: (page: KeysetQuery) => SQL) =>
      keysetPage({ sort: sortKeys[sort], idColumn: sql`${tickets.id}`, direction, cursor, limit }, (page) =>
        selectTickets(db)
          .where(and(where, page.where, within?.(page)))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      );
    const words = filter.words ?? [];
    if (words.length === 0) return { rows: await read(ticketFilterWhere(filter)), searchedAll: true };

    // The window keeps the queue's order (no sort between it and the limit), so its first matches
    // are the page's. Inside it `tickets` is the window's own table, not the outer query's.
    const number = ticketNumberIn(filter.q);
    const w = sql.raw('w');
    const inWindow = (page: KeysetQuery) => sql`${tickets.id} in (
      select w.id from (
        select ${tickets.id}, ${tickets.subject}, ${tickets.customerName}, ${tickets.customerEmail},
          ${tickets.messageWords}, ${tickets.number}
        from ${tickets} where ${and(ticketFilterWhere(filter, false), page.where)}
        order by ${sql.join(page.orderBy, sql`, `)} limit ${searchWindow}) w
      where ${and(...words.map((word) => wordOnRow(w, word, number)))}
      limit ${page.limit})`;
    const nearby = await read(ticketFilterWhere(filter, false), inWindow);
    if (nearby.length === limit) return { rows: nearby, searchedAll: false };
    return { rows: await read(ticketFilterWhere(filter)), searchedAll: true };
  },

  /** The words of a search (searchWords) with their messages' queries, in one round trip. */
  async searchWordsOf(db: Db, q: string | undefined): Promise<SearchWord[]> {
    const words = searchWords(q);
    if (words.length === 0) return [];
    const result = await db.execute(sql`
      select word.text, (select string_agg('''' || replace(part, '''', '''''') || ''':*', ' & ')
        from unnest(tsvector_to_array(to_tsvector('simple', word.text))) part) as "messagesQuery"
      from json_array_elements_text(${JSON.stringify(words)}::json) with ordinality as word(text, position)
      order by word.position`);
    return rowsOf<SearchWord>(result);
  },

  async count(db: Db, filter: TicketFilter): Promise<number> {
    const [row] = await db.select({ count: count() }).from(tickets).where(ticketFilterWhere(filter));
    return row?.count ?? 0;
  },
};
