import type { Db, Tx } from '@atrium/db';
import {
  allows,
  directoryStats,
  employeeFullName,
  sortDepartments,
  type CreateEmployeeInput,
  type Employee,
  type EmployeeDetails,
  type EmployeeListQuery,
  type EmployeeListResponse,
  type EmployeeStats,
  type EmployeeStatsQuery,
  type UpdateEmployeeInput,
} from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, conflict, forbidden, notFound, staleVersion } from '../../platform/errors/app-error';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { keptTotal, type WorkspaceMemo } from '../../platform/db/workspace-memo';
import {
  allocateEmployeeCode,
  employeeCursorShape,
  employeeCursorValues,
  employeesRepository as repository,
  type EmployeeChanges,
} from './employees.repository';
import { createEmployeeExportService } from './employee-export.service';
import { compensationFields, seesCompensation, toView } from './employee-view';

type CreateInput = Omit<CreateEmployeeInput, 'status'> & { status: Employee['status'] };
type UpdateInput = Omit<UpdateEmployeeInput, 'status'> & { status?: Employee['status'] };

const duplicateEmail = () =>
  conflict('An employee with this email already exists', {
    email: 'Another employee in this workspace already uses this email',
  });

const invalidField = (field: string, message: string) =>
  new AppError('validation_failed', 'Some fields are not valid', { [field]: message });

/** The fields the activity log may show: compensation stays out, the log is visible to all staff. */
const loggedFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'department',
  'jobTitle',
  'status',
  'startDate',
  'managerId',
] as const;

/** The value without the keys named, at any depth. */
function withoutKeys(value: unknown, hidden: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, hidden));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !hidden.has(key))
      .map(([key, item]) => [key, withoutKeys(item, hidden)]),
  );
}

const aboutCompensation = new Set<string>([...compensationFields, 'compensationChanged']);

/**
 * Issue 17: entries about people go to those who may open the directory, and say anything about
 * pay (even that it changed) only to those who may see it.
 */
export const employeesReadRules = {
  employee: {
    visible: (member) => allows(member, 'people:view'),
    redact: (member, data) =>
      seesCompensation(member) ? data : (withoutKeys(data, aboutCompensation) as Record<string, unknown>),
  },
} satisfies Pick<ActivityAudience, 'employee'>;

export function createEmployeesService(deps: { db: Db; memo: WorkspaceMemo }) {
  const { db, memo } = deps;
  /** Who may not see salaries and rates may not set them either. */
  const checkMaySetCompensation = (
    member: Member,
    input: Partial<Record<'salary' | 'hourlyRate', unknown>>,
  ) => {
    if (seesCompensation(member)) return;
    if (compensationFields.some((field) => input[field] !== undefined)) {
      throw forbidden('You may not set salaries or hourly rates');
    }
  };

  async function details(member: Member, id: string): Promise<EmployeeDetails> {
    const row = await repository.find(db, { tenantId: member.tenantId, id });
    if (!row) throw notFound('Employee');
    const documents = allows(member, 'documents:view')
      ? await repository.documentsOf(db, member.tenantId, id)
      : [];
    return {
      ...toView(row, seesCompensation(member)),
      managerName:
        row.managerFirstName !== null && row.managerLastName !== null && row.managerDeletedAt === null
          ? employeeFullName({ firstName: row.managerFirstName, lastName: row.managerLastName })
          : null,
      documents: documents.map((doc) => ({
        ...doc,
        createdAt: doc.createdAt.toISOString(),
        updatedAt: doc.updatedAt.toISOString(),
      })),
    };
  }

  /** A manager must be a live employee of the workspace and not below the employee (no loops). */
  async function checkManager(tenantId: string, employeeId: string | null, managerId: string) {
    if (employeeId === managerId) throw invalidField('managerId', 'An employee cannot manage themselves');
    const found = await repository.find(db, { tenantId, id: managerId });
    if (!found) throw invalidField('managerId', 'Choose a manager from the list');
    if (employeeId && (await repository.reportingLine(db, tenantId, managerId)).includes(employeeId)) {
      throw invalidField('managerId', 'This manager reports to the employee; choose another');
    }
  }

  return {
    /**
     * The directory's next employee code (spec 2: EMP001, EMP002 ...), for a record another module
     * creates (a new member's); call inside the transaction that inserts it.
     */
    allocateCode: (tx: Tx, tenantId: string) => allocateEmployeeCode(tx, tenantId),

    async list(member: Member, query: EmployeeListQuery): Promise<EmployeeListResponse> {
      const cursor = query.cursor ? decodeCursor(query.cursor, employeeCursorShape(query.sort)) : undefined;
      // The total is counted for the first page only: later pages keep it, and a search's count
      // is the expensive half of the query at 10,000 employees.
      const [rows, total] = await Promise.all([
        repository.list(db, { tenantId: member.tenantId, filter: query, limit: query.limit + 1, cursor }),
        cursor
          ? undefined
          : keptTotal(
              memo,
              member.tenantId,
              { searchText: query.q, key: ['employee-total', query.department, query.status, query.may] },
              () => repository.count(db, member.tenantId, query),
            ),
      ]);
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) =>
        employeeCursorValues(query.sort, last),
      );
      const compensation = seesCompensation(member);
      return {
        data: page.map((row) => toView(row, compensation)),
        nextCursor,
        ...(total === undefined ? {} : { total }),
      };
    },

    async stats(member: Member, filter: EmployeeStatsQuery): Promise<EmployeeStats> {
      return directoryStats(await repository.countByStatus(db, member.tenantId, filter));
    },

    async departments(member: Member): Promise<string[]> {
      return sortDepartments(await repository.departments(db, member.tenantId));
    },

    get: details,

    async create(member: Member, input: CreateInput): Promise<EmployeeDetails> {
      checkMaySetCompensation(member, input);
      if (input.managerId) await checkManager(member.tenantId, null, input.managerId);
      try {
        const id = await db.transaction(async (tx) => {
          const { id } = await repository.insert(tx, member.tenantId, {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phone ?? null,
            department: input.department,
            jobTitle: input.jobTitle,
            startDate: input.startDate,
            salary: input.salary,
            hourlyRate: input.hourlyRate ?? null,
            status: input.status,
            managerId: input.managerId ?? null,
          });
          const created = (await repository.find(tx, { tenantId: member.tenantId, id }))!;
          await activityLog.record(tx, {
            tenantId: member.tenantId,
            actor: actorOf(member),
            action: 'created',
            entityType: 'employee',
            entityId: id,
            summary: `added ${employeeFullName(created)} (${created.employeeCode}) to the directory`,
            data: {
              after: {
                employeeCode: created.employeeCode,
                ...Object.fromEntries(loggedFields.map((field) => [field, created[field]])),
              },
            },
          });
          return id;
        });
        return await details(member, id);
      } catch (error) {
        if (repository.isDuplicateEmail(error)) throw duplicateEmail();
        throw error;
      }
    },

    async update(member: Member, id: string, input: UpdateInput): Promise<EmployeeDetails> {
      const before = await repository.find(db, { tenantId: member.tenantId, id });
      if (!before) throw notFound('Employee');
      checkMaySetCompensation(member, input);
      if (input.managerId) await checkManager(member.tenantId, id, input.managerId);
      const { version, ...fields } = input;
      const changes: EmployeeChanges = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      try {
        await db.transaction(async (tx) => {
          if (!(await repository.update(tx, { tenantId: member.tenantId, id, version, changes }))) {
            throw staleVersion();
          }
          const changed = loggedFields.filter(
            (field) => field in changes && changes[field] !== before[field],
          );
          const compensationChanged = compensationFields.some(
            (field) => field in changes && changes[field] !== before[field],
          );
          await activityLog.record(tx, {
            tenantId: member.tenantId,
            actor: actorOf(member),
            action: 'updated',
            entityType: 'employee',
            entityId: id,
            summary: `updated ${employeeFullName(before)} (${before.employeeCode})`,
            data: {
              before: Object.fromEntries(changed.map((field) => [field, before[field]])),
              after: Object.fromEntries(changed.map((field) => [field, changes[field]])),
              // Values stay out of the log: it is readable by people without compensation rights.
              ...(compensationChanged ? { compensationChanged: true } : {}),
            },
          });
        });
      } catch (error) {
        if (repository.isDuplicateEmail(error)) throw duplicateEmail();
        throw error;
      }
      return details(member, id);
    },

    /** Soft delete (issue 4: kept in the audit trail, undone with restore). */
    async remove(member: Member, id: string): Promise<void> {
      const row = await repository.find(db, { tenantId: member.tenantId, id });
      if (!row) throw notFound('Employee');
      if (member.employeeId === id) {
        throw new AppError('unprocessable', 'You cannot delete your own employee record');
      }
      await db.transaction(async (tx) => {
        if (!(await repository.softDelete(tx, member.tenantId, id))) throw notFound('Employee');
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'deleted',
          entityType: 'employee',
          entityId: id,
          summary: `deleted ${employeeFullName(row)} (${row.employeeCode}) from the directory`,
          data: { before: { employeeCode: row.employeeCode, email: row.email, status: row.status } },
        });
      });
    },

    /** Undoes a delete; restoring one that is not deleted changes nothing and answers it as it is. */
    async restore(member: Member, id: string): Promise<EmployeeDetails> {
      const row = await repository.find(db, { tenantId: member.tenantId, id, includeDeleted: true });
      if (!row) throw notFound('Employee');
      if (row.deletedAt === null) return details(member, id);
      try {
        await db.transaction(async (tx) => {
          if (!(await repository.restore(tx, member.tenantId, id))) return;
          await activityLog.record(tx, {
            tenantId: member.tenantId,
            actor: actorOf(member),
            action: 'restored',
            entityType: 'employee',
            entityId: id,
            summary: `restored ${employeeFullName(row)} (${row.employeeCode}) to the directory`,
          });
        });
      } catch (error) {
        if (repository.isDuplicateEmail(error)) throw duplicateEmail();
        throw error;
      }
      return details(member, id);
    },

    ...createEmployeeExportService(deps),
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
