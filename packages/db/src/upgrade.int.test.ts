// Upgrades keep the data (issue 24): the database starts at the oldest migration and is taken to
// the latest one migration at a time, as a deployment that upgrades now and then is. After each
// step every table that is still empty gets a row made from the catalog, so each migration runs
// over rows in every table that exists before it. At the end every table holds rows, and every row
// made on the way reads back with the values it was written with, in the columns still there.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from './client';
import { knownMigrations, migrationsFolderUpTo } from './migration-steps';
import { emptyDatabaseTargets } from './testing';

/**
 * Columns a migration or a trigger changes on purpose in rows that existed before it, with the
 * reason. Anything else that changes is a migration breaking existing rows.
 */
const intendedChanges: Record<string, string> = {
  'users.email_verified': '0009: accounts made before e-mail confirmation existed count as confirmed',
  'knowledge_articles.content': '0021: articles became rich text, the plain text wrapped in paragraphs',
  'campaigns.content': '0023: a campaign body became blocks, the old text its first block',
};

type Column = {
  table_name: string;
  name: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
  generated: boolean;
  identity: boolean;
  category: string;
  labels: string[];
};
type ForeignKey = { table_name: string; ref_table: string; cols: string[]; ref_cols: string[] };
type Made = {
  table: string;
  oid: string;
  step: string;
  key: Record<string, unknown>;
  row: Record<string, unknown>;
};

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

describe.each(emptyDatabaseTargets)('upgrading a $name database one migration at a time', ({ open }) => {
  let database: Database & { dispose(): Promise<void> };
  const made: Made[] = [];
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.dispose());

  const rows = async <T>(query: string) =>
    ((await database.db.execute(sql.raw(query))) as { rows: T[] }).rows;

  /** One value per column, as an SQL expression; undefined leaves the column to its default. */
  function valueFor(column: Column, nullable: 'values' | 'nulls'): string | undefined {
    if (column.has_default) return undefined;
    if (!column.not_null && nullable === 'nulls') return 'null';
    if (column.labels.length > 0) return `${literal(column.labels[0]!)}::${column.type}`;
    const text = `v-${column.name}`.toLowerCase();
    const typed = (value: string) => `${literal(value)}::${column.type}`;
    if (column.type === 'uuid') return 'gen_random_uuid()';
    if (column.type === 'jsonb' || column.type === 'json') return typed('{}');
    if (column.type === 'tsvector') return typed('');
    if (column.type === 'bytea') return typed('\\x01');
    if (column.type === 'inet') return typed('127.0.0.1');
    if (column.type === 'date') return typed('2025-01-02');
    if (column.type.startsWith('timestamp')) return typed('2025-01-02 03:04:05+00');
    if (column.type.startsWith('time')) return typed('03:04:05');
    if (column.type === 'interval') return typed('1 hour');
    switch (column.category) {
      case 'A':
        return typed('{}');
      case 'B':
        return 'true';
      case 'N':
        return typed('1');
      case 'S': {
        const length = /\((\d+)\)/.exec(column.type)?.[1];
        return typed(length ? text.slice(0, Number(length)) : text);
      }
      default:
        if (!column.not_null) return 'null';
        throw new Error(`no value for ${column.table_name}.${column.name} of type ${column.type}`);
    }
  }

  async function fillEmptyTables(step: string) {
    const columns = await rows<Column>(`
      select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
             a.attnotnull as not_null, a.atthasdef and a.attgenerated = '' as has_default,
             a.attgenerated <> '' as generated, a.attidentity <> '' as identity, t.typcategory as category,
             array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as labels
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`);
    const foreignKeys = await rows<ForeignKey>(`
      select c.relname as table_name, r.relname as ref_table,
             array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                   join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as cols,
             array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                   join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as ref_cols
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conparentid = 0`);
    const tables = [...new Set(columns.map((column) => column.table_name))];
    const isEmpty = async (table: string) =>
      !(await rows<{ any: boolean }>(`select exists (select 1 from "${table}") as any`))[0]?.any;
    const empty = new Set<string>();
    for (const table of tables) if (await isEmpty(table)) empty.add(table);

    const fill = async (table: string, visiting: string[]) => {
      if (!empty.has(table)) return;
      if (visiting.includes(table))
        throw new Error(`foreign keys in a circle: ${[...visiting, table].join(' -> ')}`);
      const fixed = new Map<string, string>();
      for (const key of foreignKeys.filter((k) => k.table_name === table && k.ref_table !== table)) {
        const required = key.cols.some(
          (name) => columns.find((c) => c.table_name === table && c.name === name)?.not_null,
        );
        if (empty.has(key.ref_table) && !required) continue;
        await fill(key.ref_table, [...visiting, table]);
        const [target] = await rows<Record<string, unknown>>(
          `select ${key.ref_cols.map((name) => `"${name}"::text`).join(', ')} from "${key.ref_table}" limit 1`,
        );
        key.cols.forEach((name, i) => {
          const column = columns.find((c) => c.table_name === table && c.name === name)!;
          fixed.set(name, `${literal(String(Object.values(target!)[i]))}::${column.type}`);
        });
      }
      const insert = async (nullable: 'values' | 'nulls') => {
        const values = new Map(fixed);
        for (const column of columns.filter((c) => c.table_name === table)) {
          if (values.has(column.name) || column.generated || column.identity) continue;
          const value = valueFor(column, nullable);
          if (value !== undefined) values.set(column.name, value);
        }
        const names = [...values.keys()].map((name) => `"${name}"`).join(', ');
        const statement =
          values.size > 0
            ? `insert into "${table}" (${names}) values (${[...values.values()].join(', ')})`
            : `insert into "${table}" default values`;
        return rows<{ row: Record<string, unknown> }>(`${statement} returning to_jsonb("${table}".*) as row`);
      };
      let inserted;
      try {
        inserted = await insert('values');
      } catch {
        // A check constraint tying columns together (an open time entry has no clock-out): the
        // row with its optional columns left empty satisfies it.
        inserted = await insert('nulls');
      }
      const row = inserted[0]!.row;
      const [primary] = await rows<{ cols: string[] }>(`
        select array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality u(n, o)
                     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = u.n order by u.o) as cols
        from pg_index i where i.indrelid = '"${table}"'::regclass and i.indisprimary`);
      const keyColumns = primary?.cols ?? Object.keys(row);
      const [{ oid }] = (await rows<{ oid: string }>(`select '"${table}"'::regclass::oid::text as oid`)) as [
        { oid: string },
      ];
      made.push({
        table,
        oid,
        step,
        row,
        key: Object.fromEntries(keyColumns.map((name) => [name, row[name]])),
      });
      empty.delete(table);
    };
    for (const table of tables) await fill(table, []);
  }

  it('keeps every row through every migration, with rows in every table', async () => {
    const migrations = knownMigrations(migrationsFolder);
    expect(migrations.length).toBeGreaterThan(20);
    for (let count = 1; count <= migrations.length; count++) {
      const upTo = migrationsFolderUpTo(count, migrationsFolder);
      try {
        await database.migrate({ migrationsFolder: upTo.folder });
      } finally {
        upTo.remove();
      }
      await fillEmptyTables(migrations[count - 1]!.tag);
    }
    expect(await database.pendingMigrations()).toEqual([]);

    const emptyTables = [];
    for (const { table_name } of await rows<{ table_name: string }>(
      `select c.relname as table_name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`,
    )) {
      const [row] = await rows<{ any: boolean }>(`select exists (select 1 from "${table_name}") as any`);
      if (!row?.any) emptyTables.push(table_name);
    }
    expect(emptyTables).toEqual([]);
    expect(made.length).toBeGreaterThan(60);

    const changed: string[] = [];
    for (const { table, oid, step, key, row } of made) {
      // A table a migration dropped (0010 dropped unused ones, 0011 made some anew) went with its
      // rows on purpose.
      const [current] = await rows<{ oid: string | null }>(
        `select to_regclass(${literal(`"${table}"`)})::oid::text as oid`,
      );
      if (current?.oid !== oid) continue;
      const [now] = await rows<{ row: Record<string, unknown> }>(
        `select to_jsonb(t.*) as row from "${table}" t where to_jsonb(t.*) @> ${literal(JSON.stringify(key))}::jsonb`,
      );
      if (!now) {
        changed.push(`${table} (made after ${step}): the row is gone`);
        continue;
      }
      for (const [name, value] of Object.entries(row)) {
        if (!(name in now.row) || intendedChanges[`${table}.${name}`]) continue;
        if (JSON.stringify(now.row[name]) !== JSON.stringify(value)) {
          changed.push(
            `${table}.${name} (made after ${step}): ${JSON.stringify(value)} -> ${JSON.stringify(now.row[name])}`,
          );
        }
      }
    }
    expect(changed).toEqual([]);
  });
});
