// Employee Directory rules (spec 2 "Employee Directory", spec 3 Employee, spec 4 user statuses) and
// the CSV writing every export shares. The server runs them for the API; the web app may run the
// same functions for optimistic updates, so the two never disagree.
import type { UserStatus } from './enums';

/**
 * Spec 2: the employee id shown and searched in the directory reads EMP001, EMP002 ... The number
 * is one more than the highest in the workspace, deleted employees included (the server reads
 * that highest number under a lock: apps/server employees.repository allocateEmployeeCode).
 */
export function formatEmployeeCode(n: number): string {
  return `EMP${String(n).padStart(3, '0')}`;
}

export function employeeFullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

export type DirectoryStats = { total: number; active: number; inactive: number; pending: number };

/** Spec 2: the directory's stats are total, active, inactive and pending (deleted people excluded). */
export function directoryStats(countsByStatus: Partial<Record<UserStatus, number>>): DirectoryStats {
  const active = countsByStatus.active ?? 0;
  const inactive = countsByStatus.inactive ?? 0;
  const pending = countsByStatus.pending ?? 0;
  return { total: active + inactive + pending, active, inactive, pending };
}

/** Spec 2: the department filter offers "all" plus the distinct departments, sorted. */
export function sortDepartments(departments: Iterable<string>): string[] {
  return [...new Set([...departments].map((d) => d.trim()).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b, 'en', { sensitivity: 'base' }),
  );
}

/** At most this many words of a search are used; each must match somewhere. */
export const maxSearchWords = 5;

/**
 * Spec 2: search runs over first name, last name, email, job title and employee id. A query is
 * split into words and every word must be found in one of those fields, so "ada love" finds
 * Ada Lovelace although no single field holds both words.
 */
export function searchWords(query: string | undefined): string[] {
  if (!query) return [];
  return query.trim().split(/\s+/).filter(Boolean).slice(0, maxSearchWords);
}

/** A `contains` pattern for ILIKE: the LIKE wildcards in the user's text are matched literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

// --- CSV (RFC 4180) ---------------------------------------------------------------------------------

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV field. Quoted when it holds a comma, quote, CR or LF (quotes doubled). Text starting
 * with = + - @ (or a tab / CR) would run as a formula in a spreadsheet (OWASP "CSV injection"),
 * so it gets a leading apostrophe; numbers are written as numbers, negative ones included.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF line end (RFC 4180): a file written a record at a time. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV document: header first, CRLF line ends (RFC 4180), ending with a line break. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let document = csvLine(header);
  for (const row of rows) document += csvLine(row);
  return document;
}

/** A download name like `employees-2025-03-14.csv`: ASCII only, safe in Content-Disposition. */
export function exportFileName(base: string, date: string, extension: string): string {
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${date}.${extension}`;
}
