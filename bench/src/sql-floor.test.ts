import { describe, expect, it } from 'vitest';
import { parseParameters, parseStatements, serverApplicationName } from './sql-floor';

const line = (fields: Record<string, unknown>) => JSON.stringify({ error_severity: 'LOG', ...fields });

describe('reading the statements of a request back from PostgreSQL’s JSON log', () => {
  it('reads quoted values with quotes and separators inside them, and NULL', () => {
    expect(parseParameters("parameters: $1 = 'it''s, $2 = ''x''', $2 = '{a,b}', $3 = NULL")).toEqual([
      "it's, $2 = 'x'",
      '{a,b}',
      null,
    ]);
    expect(parseParameters(undefined)).toEqual([]);
  });

  it('adds up parse, bind and execute of each of the server’s statements, named or not, and skips other clients', () => {
    const server = (message: string, detail?: string) =>
      line({ application_name: serverApplicationName, message, ...(detail ? { detail } : {}) });
    const log = [
      server('duration: 0.250 ms  parse <unnamed>: select $1::int'),
      server('duration: 0.500 ms  bind <unnamed>: select $1::int', "parameters: $1 = '7'"),
      server('duration: 1.250 ms  execute <unnamed>: select $1::int', "parameters: $1 = '7'").replace(
        '}',
        ',"query_id":-8133542712318410123}',
      ),
      server('duration: 1.000 ms  execute <unnamed>: select $1::int', "parameters: $1 = '8'"),
      server(
        'duration: 0.002 ms  execute tasks_by_id: select *\nfrom tasks where id = any($1)',
        "parameters: $1 = '{x}'",
      ),
      server('duration: 0.010 ms  statement: begin'),
      line({ application_name: 'psql', message: 'duration: 5.000 ms  statement: select pg_reload_conf()' }),
      '',
    ].join('\n');
    expect(parseStatements(log)).toEqual([
      { text: 'select $1::int', values: ['8'], loggedMs: 3, queryId: '-8133542712318410123' },
      {
        name: 'tasks_by_id',
        text: 'select *\nfrom tasks where id = any($1)',
        values: ['{x}'],
        loggedMs: 0.002,
      },
      { text: 'begin', values: [], loggedMs: 0.01 },
    ]);
  });
});
