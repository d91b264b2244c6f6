import type { Db } from '@atrium/db';
import {
  csvLine,
  employeeFullName,
  grossPay,
  localDateIn,
  localDaysBounds,
  regularHours,
  roundHours,
  type PayrollExportQuery,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { yieldToOtherRequests } from '../../platform/db/batches';
import type { ExportProgress, ExportSource } from '../../platform/exports/export-source';
import { timeEntriesRepository as repository, type PayrollKey } from './time-entries.repository';

/**
 * The payroll export reads employees a page of this many at a time, in the file's order, and their
 * entries about payrollEntriesPerStatement at a time, writing their lines before reading on: a
 * year of a large workspace is hundreds of thousands of entries, and on PGlite one statement over
 * all of them would hold every other request until it ends (issue 17).
 */
const payrollEmployeesPerBatch = 100;
const payrollEntriesPerStatement = 500;
const payrollHeader = [
  'Employee ID',
  'Name',
  'Date',
  'Regular Hours',
  'Overtime Hours',
  'Hourly Rate',
  'Gross Pay',
];

type PayrollPerson = Awaited<ReturnType<typeof repository.payrollEmployees>>[number];
type Workspace = Pick<Member, 'tenantId' | 'timeZone'>;
type DayHours = { total: number; overtime: number };

/** The lines of these employees, in their order, from their entries (in clock-in order). */
function linesOf(
  people: PayrollPerson[],
  entries: Awaited<ReturnType<typeof repository.approvedHoursOf>>,
  dayOf: (instant: Date) => string,
): string {
  // Each employee's hours per day; the days in order, as the entries come by clock-in.
  const days = new Map<string, Map<string, DayHours>>();
  for (const entry of entries) {
    const date = dayOf(entry.clockIn);
    const perDay = days.get(entry.employeeId) ?? new Map<string, DayHours>();
    days.set(entry.employeeId, perDay);
    const sums = perDay.get(date) ?? { total: 0, overtime: 0 };
    sums.total += entry.totalHours ?? 0;
    sums.overtime += entry.overtimeHours ?? 0;
    perDay.set(date, sums);
  }
  let lines = '';
  for (const person of people) {
    for (const [date, sums] of days.get(person.id) ?? []) {
      const hours = {
        regularHours: regularHours(sums.total, sums.overtime),
        overtimeHours: roundHours(sums.overtime),
      };
      const rate = person.hourlyRate;
      lines += csvLine([
        person.employeeCode,
        employeeFullName(person),
        date,
        hours.regularHours,
        hours.overtimeHours,
        rate,
        rate === null ? null : grossPay(hours, rate),
      ]);
    }
  }
  return lines;
}

/** The payroll export; `payrollEmployeesPerBatch` is smaller in tests, to see the batches. */
export function createPayrollExportService(deps: { db: Db; payrollEmployeesPerBatch?: number | undefined }) {
  const { db, payrollEmployeesPerBatch: batchSize = payrollEmployeesPerBatch } = deps;

  /**
   * The payroll file: the header, then the employees' lines in name order. Each statement is short
   * and other requests go between them (issue 17): employees come a page at a time, and their
   * entries as many employees at a time as make about payrollEntriesPerStatement entries, judged
   * by the entries per employee of the statement before. Progress counts employees.
   */
  async function* payrollLines(
    workspace: Workspace,
    bounds: { from: Date; to: Date },
    progress: ExportProgress,
  ) {
    const { tenantId } = workspace;
    yield csvLine(payrollHeader);
    const dayOf = localDateIn(workspace.timeZone);
    const total = await repository.countEmployees(db, tenantId);
    let done = 0;
    let employeesPerStatement = 1;
    let after: PayrollKey | undefined;
    for (;;) {
      await yieldToOtherRequests();
      const page = await repository.payrollEmployees(db, {
        tenantId,
        from: bounds.from,
        to: bounds.to,
        limit: batchSize,
        after,
      });
      const last = page.at(-1);
      if (!last) return;
      const paid = page.filter((person) => person.paid);
      for (let start = 0; start < paid.length;) {
        await yieldToOtherRequests();
        const group = paid.slice(start, start + employeesPerStatement);
        start += group.length;
        const ids = group.map((person) => person.id);
        const entries = await repository.approvedHoursOf(db, {
          tenantId,
          from: bounds.from,
          to: bounds.to,
          employeeIds: ids,
        });
        yield linesOf(group, entries, dayOf);
        const entriesPerEmployee = Math.max(1, entries.length / group.length);
        employeesPerStatement = Math.min(
          batchSize,
          Math.max(1, Math.floor(payrollEntriesPerStatement / entriesPerEmployee)),
        );
      }
      done += page.length;
      progress(done, Math.max(total, done));
      if (page.length < batchSize) return;
      after = { lastName: last.lastName, firstName: last.firstName, id: last.id };
    }
  }

  return {
    /**
     * Issue 4 "Export Timesheet": payroll-ready CSV of approved entries, one line per employee and
     * day (the workspace time zone's calendar day of the clock-in). Names are kept for deleted
     * employees: payroll still owes them. Without an hourly rate the pay cells stay empty. The file
     * is made as it is sent, or in the background when big (issue 17), so the server's memory does
     * not grow with it; its size is judged by its approved entries.
     */
    payrollExport(workspace: Workspace, query: PayrollExportQuery): ExportSource {
      const bounds = localDaysBounds(query.from, query.to, workspace.timeZone);
      return {
        fileName: `payroll-${query.from}-to-${query.to}.csv`,
        contentType: 'text/csv; charset=utf-8',
        exceeds: (rows) =>
          repository.paidEntriesExceed(db, {
            tenantId: workspace.tenantId,
            from: bounds.from,
            to: bounds.to,
            limit: rows,
          }),
        pieces: (progress) => payrollLines(workspace, bounds, progress),
      };
    },
  };
}
