import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index';
import { isoDate, isoDateTime, text, textProblem, uncheckedFields } from './fields';

// Issue 17, item 5: NUL and lone surrogates reached PostgreSQL (500), and so did dates near the
// end of time. These rules are refused once, in the schemas every request field is built from.

const someId = '4b0c1c9e-35e3-4f7a-9d3b-0b8c1a1f2e3d';

describe('text(): a string the API accepts', () => {
  const name = text().trim().min(1);

  it('refuses the NUL character, which PostgreSQL cannot store in text', () => {
    for (const value of ['\0', 'a\0b', 'Acme\u0000']) {
      const result = name.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Remove the NUL character');
    }
  });

  it('refuses ill-formed UTF-16: a lone surrogate of either half, or a pair the wrong way round', () => {
    for (const value of ['\ud800', 'Q4 \udbff', '\udc00x', '\udfff\ud800']) {
      expect(name.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(textProblem(value)).toMatch(/lone surrogate/);
    }
  });

  it('accepts ordinary text, accents, other scripts and emoji (whole surrogate pairs)', () => {
    for (const value of ['Ada', 'Zoë Ørsted', '東京', 'Ship it 🚀', 'tab\tand\nnewline']) {
      expect(name.parse(value)).toBe(value.trim());
    }
  });

  it('keeps its own messages for everything else', () => {
    expect(text({ error: 'Enter the title' }).safeParse(undefined).error?.issues[0]?.message).toBe(
      'Enter the title',
    );
  });

  it('guards the fields named in the issue and every query search and cursor', () => {
    const cases: [z.ZodType, unknown][] = [
      [contract.signupSchema, { name: 'A\0', email: 'a@b.co', password: 'long enough', companyName: 'C' }],
      [contract.createProjectSchema, { name: '\ud800' }],
      [contract.createTaskSchema, { projectId: someId, title: 'T\0' }],
      [contract.createCommentSchema, { content: '\0' }],
      [contract.createSubtaskSchema, { title: '\udc00' }],
      [contract.clockInSchema, { notes: 'in\0' }],
      [contract.createReviewSchema, { employeeId: someId, period: 'Q4 \ud800', overallRating: 3 }],
      [contract.createGoalSchema, { employeeId: someId, title: '\ud800', targetDate: '2025-01-01' }],
      [contract.employeeListQuerySchema, { q: '\0' }],
      [contract.taskListQuerySchema, { q: '\0' }],
      [contract.listQuerySchema, { cursor: '\0' }],
    ];
    for (const [schema, input] of cases) {
      expect(schema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});

describe('dates the API accepts lie between 1900-01-01 and 2200-12-31', () => {
  const day = isoDate();
  const instant = isoDateTime('Use a date and time');

  it('refuses dates near the end (or the start) of time', () => {
    for (const value of ['9999-12-31', '2201-01-01', '1899-12-31', '0001-01-01']) {
      expect(day.safeParse(value).error?.issues[0]?.message, value).toBe('Use a date between 1900 and 2200');
    }
    expect(instant.safeParse('9999-12-31T23:59:59Z').success).toBe(false);
    expect(instant.safeParse('1899-12-31T23:59:59+01:00').success).toBe(false);
  });

  it('accepts the range, both ends included', () => {
    for (const value of ['1900-01-01', '2025-03-02', '2200-12-31']) expect(day.parse(value)).toBe(value);
    expect(instant.parse('2200-12-31T23:59:59Z')).toBe('2200-12-31T23:59:59Z');
  });

  it('answers a malformed date with the format message first', () => {
    expect(day.safeParse('31/12/9999').error?.issues[0]?.message).toBe('Enter a valid date');
  });

  it('is the rule of the week, copy-week, payroll and calendar inputs', () => {
    expect(contract.weekQuerySchema.safeParse({ start: '9999-12-31' }).success).toBe(false);
    expect(
      contract.copyWeekSchema.safeParse({ fromWeekStart: '9999-12-31', toWeekStart: '2025-03-02' }).success,
    ).toBe(false);
    expect(
      contract.payrollExportQuerySchema.safeParse({ from: '9999-01-01', to: '9999-01-31' }).success,
    ).toBe(false);
    expect(contract.eventListQuerySchema.safeParse({ from: '9999-12-31T00:00:00Z' }).success).toBe(false);
  });
});

describe('uncheckedFields: a field built without the rules', () => {
  it('finds plain strings, dates without the range and unknowns, wherever they are', () => {
    const schema = z.object({
      ok: text(),
      plain: z.string(),
      nested: z.object({ list: z.array(z.object({ deep: z.string().optional() })) }),
      date: z.iso.date(),
      ranged: isoDate('d'),
      filter: z.preprocess((v) => v, z.string().optional()),
      piped: text()
        .transform((v) => v.trim())
        .pipe(z.string()),
      id: z.uuid(),
      kind: z.enum(['a', 'b']),
      count: z.coerce.number(),
      anything: z.unknown(),
      either: z.union([z.literal('none'), z.string()]),
    });
    expect(uncheckedFields(schema)).toEqual([
      'plain',
      'nested.list[].deep',
      'date',
      'filter',
      'piped',
      'anything',
      'either',
    ]);
  });

  it('finds nothing in a schema built from text(), isoDate() and formats', () => {
    expect(uncheckedFields(contract.createProjectSchema)).toEqual([]);
    expect(uncheckedFields(contract.manualTimeEntrySchema)).toEqual([]);
    expect(uncheckedFields(contract.updateWorkspaceSettingsSchema)).toEqual([]);
  });
});
