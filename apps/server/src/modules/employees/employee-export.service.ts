import writeExcelFile from 'write-excel-file/node';
import type { Db } from '@atrium/db';
import { exportFileName, type EmployeeExportQuery } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { keysetPages, readAllPages } from '../../platform/db/batches';
import { csvPieces, type ExportFile } from '../../platform/exports/export-source';
import { seesCompensation } from './employee-view';
import {
  employeeCursorValues,
  employeesRepository as repository,
  type EmployeeRow,
} from './employees.repository';

/** The directory's Export: the filtered list as a file. */
export function createEmployeeExportService({ db }: { db: Db }) {
  return {
    /**
     * Issue 4: CSV or XLSX of the filtered list; compensation columns only for those who may see
     * them. Read a page per statement (issue 17); the CSV is sent as it is read.
     */
    export(member: Member, query: EmployeeExportQuery): ExportFile {
      const compensation = seesCompensation(member);
      const header = [
        'Employee ID',
        'First Name',
        'Last Name',
        'Email',
        'Phone',
        'Department',
        'Job Title',
        'Status',
        'Start Date',
        ...(compensation ? ['Salary', 'Hourly Rate'] : []),
      ];
      const cells = (row: EmployeeRow) => [
        row.employeeCode,
        row.firstName,
        row.lastName,
        row.email,
        row.phone,
        row.department,
        row.jobTitle,
        row.status,
        row.startDate,
        ...(compensation ? [row.salary, row.hourlyRate] : []),
      ];
      const page = (after: (string | number)[] | undefined, size: number) =>
        repository.list(db, { tenantId: member.tenantId, filter: query, limit: size, cursor: after });
      const keyOf = (row: EmployeeRow) => employeeCursorValues(query.sort, row);
      const today = new Date().toISOString().slice(0, 10);
      if (query.format === 'xlsx') {
        return {
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          fileName: exportFileName('employees', today, 'xlsx'),
          async *pieces() {
            const rows = await readAllPages(page, keyOf, Number.POSITIVE_INFINITY);
            // Cells are typed strings and numbers in XLSX, never formulas: no injection guard needed.
            yield await writeExcelFile(
              [header.map((value) => ({ value, fontWeight: 'bold' as const })), ...rows.map(cells)],
              { sheet: 'Employees', stickyRowsCount: 1 },
            ).toBuffer();
          },
        };
      }
      return {
        contentType: 'text/csv; charset=utf-8',
        fileName: exportFileName('employees', today, 'csv'),
        pieces: () => csvPieces(header, keysetPages(page, keyOf), cells),
      };
    },
  };
}
