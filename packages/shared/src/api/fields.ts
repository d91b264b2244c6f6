import { z } from 'zod';

// The building blocks of every request field (issue 17, item 5: malformed input answered 500).
// Every string the API accepts is `text()`, every calendar date `isoDate()`, every instant
// `isoDateTime()`: the rules below are then checked once, for every field, on the server and in
// the forms alike. `uncheckedFields` finds a field that was built otherwise.

/**
 * ES2024 (Node 20 and current browsers have it; the ES2023 lib types do not): false when the
 * string holds a lone surrogate, which has no UTF-8 form.
 */
const isWellFormed = (value: string) => (value as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Why a string cannot be stored, or undefined when it can. PostgreSQL refuses the NUL character
 * (0x00) in text, and a lone surrogate ('\ud800') is not UTF-8: JSON columns refuse it.
 */
export function textProblem(value: string): string | undefined {
  if (value.includes('\0')) return 'Remove the NUL character';
  if (!isWellFormed(value)) return 'Remove the broken character (a lone surrogate)';
  return undefined;
}

export const isStorableText = (value: string) => textProblem(value) === undefined;

/** The check every accepted string carries; one instance, so `uncheckedFields` can find it. */
export const storableText = z.superRefine((value: string, ctx) => {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A string the API accepts: `z.string()` that refuses what cannot be stored (see textProblem). */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(storableText);

/** An empty query parameter (a select left on "All") means no filter. */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Dates the API accepts lie in this range. Beyond it the date and time-zone arithmetic (a week
 * from 9999-12-31, a payroll year 9999) leaves what JavaScript dates and PostgreSQL can hold.
 */
export const earliestDate = '1900-01-01';
export const latestDate = '2200-12-31';

/** The calendar day of a YYYY-MM-DD date or an ISO date-time lies in [earliestDate, latestDate]. */
export function isDateInRange(value: string): boolean {
  const day = value.slice(0, 10);
  return day >= earliestDate && day <= latestDate;
}

/** The range check every accepted date and instant carries (a malformed one has its own message). */
export const dateInRange = z.refine<string>(
  (value) => !/^\d{4}-\d{2}-\d{2}/.test(value) || isDateInRange(value),
  `Use a date between ${earliestDate.slice(0, 4)} and ${latestDate.slice(0, 4)}`,
);

/**
 * What a date field says when its value is no date. The forms show a date picker that writes the
 * date in the reader's own format (dd/mm/yyyy, mm/dd/yyyy ...), so the message names no format
 * (issue 20); the API's description states YYYY-MM-DD for integrations.
 */
export const invalidDateMessage = 'Enter a valid date';

/** A calendar date, YYYY-MM-DD, in the accepted range. */
export const isoDate = (message: string = invalidDateMessage) => z.iso.date(message).check(dateInRange);

/** An instant with its offset (2025-03-02T09:00:00Z), in the accepted range. */
export const isoDateTime = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).check(dateInRange);

/** The largest value of a PostgreSQL integer column, such as every record's `version`. */
export const maxInteger = 2 ** 31 - 1;

/** The `version` an update carries (412 when stale): 1 or more, and one the column can hold. */
export const recordVersion = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).int().min(1).max(maxInteger);

/** String formats whose pattern admits neither NUL nor a surrogate (letters, digits, punctuation). */
const asciiFormats = new Set(['uuid', 'guid', 'email', 'time', 'duration', 'ipv4', 'ipv6', 'e164', 'ulid']);
const dateFormats = new Set(['date', 'datetime']);

type Def = {
  type: string;
  format?: string;
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
};

/**
 * The fields of a request schema that accept a string without the checks above: a plain
 * `z.string()` (not `text()`), a date or instant without the range, or an `unknown`. Paths are
 * dot-separated, `[]` for an array's items; '' is the schema itself.
 */
export function uncheckedFields(schema: z.ZodType): string[] {
  const found: string[] = [];
  const visit = (node: z.ZodType | null | undefined, path: string) => {
    if (!node) return;
    const def = node._zod.def as unknown as Def;
    switch (def.type) {
      case 'string': {
        const checks = def.checks ?? [];
        const checked =
          def.format === undefined
            ? checks.includes(storableText)
            : dateFormats.has(def.format)
              ? checks.includes(dateInRange)
              : asciiFormats.has(def.format);
        if (!checked) found.push(path);
        return;
      }
      case 'object':
        for (const [key, value] of Object.entries(def.shape ?? {}))
          visit(value, path ? `${path}.${key}` : key);
        if (def.catchall && (def.catchall._zod.def as Def).type !== 'never') visit(def.catchall, path);
        return;
      case 'array':
        return visit(def.element, `${path}[]`);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return visit(def.innerType, path);
      case 'pipe':
        // Both sides: after a preprocess step (a transform) `out` meets the value as it was sent.
        visit(def.in, path);
        return visit(def.out, path);
      case 'union':
        for (const option of def.options ?? []) visit(option, path);
        return;
      case 'intersection':
        visit(def.left, path);
        return visit(def.right, path);
      case 'tuple':
        (def.items ?? []).forEach((item, i) => visit(item, `${path}[${i}]`));
        return visit(def.rest, `${path}[]`);
      case 'record':
        visit(def.keyType, path);
        return visit(def.valueType, `${path}[]`);
      case 'number':
      case 'int':
      case 'bigint':
      case 'boolean':
      case 'enum':
      case 'literal':
      case 'null':
      case 'undefined':
      case 'never':
      case 'date':
      case 'nan':
      case 'transform':
        return;
      default:
        // unknown, any, custom, lazy ...: nothing says what they let through.
        found.push(path);
    }
  };
  visit(schema, '');
  return found;
}
