import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@atrium/shared';

// Issue 17, item 5: a NUL or a lone surrogate in any field reached PostgreSQL, and a date in year
// 9999 the date arithmetic, as a 500. The shared fields refuse them; this finds every schema a
// route reads, from the source, so a new route cannot bring back a plain string.

const serverSource = join(import.meta.dirname, '../..');

/** Each schema name given to readBody/readQuery, with the file that does it. */
function schemasReadByRoutes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(serverSource, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(join(serverSource, file), 'utf8');
    for (const match of source.matchAll(/\bread(?:Body|Query)\(\s*c\s*,\s*([\w$]+)/g)) {
      found.set(match[1]!, join(serverSource, file));
    }
  }
  return found;
}

/** The schema from the shared contract, or exported by the file that reads with it. */
async function schemaNamed(name: string, file: string): Promise<unknown> {
  if (name in contract) return (contract as Record<string, unknown>)[name];
  return ((await import(file)) as Record<string, unknown>)[name];
}

describe('the schemas routes read a request with', () => {
  const found = schemasReadByRoutes();

  it('are found in the routes', () => {
    expect([...found.keys()]).toContain('createProjectSchema');
    expect([...found.keys()]).toContain('employeeListQuerySchema');
    expect(found.size).toBeGreaterThan(30);
  });

  it('build every string and date from the shared fields', async () => {
    const problems: Record<string, string[]> = {};
    for (const [name, file] of found) {
      const schema = await schemaNamed(name, file);
      if (!(schema instanceof z.ZodType)) {
        const where = relative(serverSource, file);
        problems[name] = [`not found: use a schema of @atrium/shared, or export it from ${where}`];
        continue;
      }
      const fields = contract.uncheckedFields(schema).map((path) => path || '(the whole input)');
      if (fields.length > 0) problems[name] = fields;
    }
    // A field listed here accepts a string without text(), or a date without isoDate()/isoDateTime().
    expect(problems).toEqual({});
  });
});
