import type { Tx } from '@atrium/db';
import {
  businessMinutesBetween,
  localDaysBounds,
  slaClock,
  slaTiers,
  unfinishedTicketStatuses,
  type BusinessCalendarList,
  type BusinessCalendarView,
  type CreateBusinessCalendarValues,
  type SlaCompliance,
  type SlaComplianceQuery,
  type SlaMetShare,
  type SlaPolicy,
  type SlaPolicyList,
  type SlaTier,
  type UpdateBusinessCalendarValues,
  type UpdateSlaPolicyValues,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { violatesUnique } from '../../platform/db/results';
import { AppError, conflict, notFound, staleVersion } from '../../platform/errors/app-error';
import { personRef } from '../projects';
import { slaRepository, type CalendarRow, type SlaLevelRow } from './sla.repository';
import { businessCalendarOf, knowsHolidayCountry, targetMinutesOf, toPauses } from './sla-time';
import type { SlaAlert } from './sla-clock';
import type { HelpdeskDeps } from './ticket-changes';
import { ticketQueueRepository } from './ticket-queue.repository';
import { toTicketSummary } from './ticket-view';

/** The tickets the SLA page lists as at risk: the nearest of Breaching soon. */
const atRiskLimit = 20;

const toPolicy = (row: SlaLevelRow): SlaPolicy => ({
  id: row.id,
  tier: row.name,
  firstResponseHours: row.firstResponseHours,
  resolutionHours: row.resolutionHours,
  calendarId: row.calendarId,
  pauseStatuses: row.pauseStatuses,
  version: row.version,
});

function toCalendarView(row: CalendarRow, levels: readonly SlaLevelRow[]): BusinessCalendarView {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    periods: row.periods as BusinessCalendarView['periods'],
    holidays: row.holidays,
    holidayCountry: row.holidayCountry,
    isDefault: row.isDefault,
    usedBy: levels
      .filter((level) => level.calendarId === row.id || (row.isDefault && level.calendarId === null))
      .map((level) => level.name),
    version: row.version,
  };
}

const unprocessable = (message: string, fields: Record<string, string>) =>
  new AppError('unprocessable', message, fields);

const nameTaken = () => conflict('A calendar with this name exists', { name: 'Choose another name' });

const tierList = (tiers: readonly SlaTier[]) =>
  tiers.length === 1 ? tiers[0]! : `${tiers.slice(0, -1).join(', ')} and ${tiers.at(-1)!}`;

function checkHolidayCountry(country: string | null) {
  if (country && !knowsHolidayCountry(country)) {
    throw unprocessable('No public holidays are known for this country', {
      holidayCountry: 'No public holidays are known for this country or region',
    });
  }
}

/** Met among the decided clocks. */
function share(met: number, breached: number): SlaMetShare {
  const decided = met + breached;
  return { met, breached, percent: decided === 0 ? null : Math.round((met / decided) * 1000) / 10 };
}

type Tally = { tickets: number; firstResponse: [number, number]; resolution: [number, number] };
const emptyTally = (): Tally => ({ tickets: 0, firstResponse: [0, 0], resolution: [0, 0] });
const lineOf = (tally: Tally) => ({
  tickets: tally.tickets,
  firstResponse: share(...tally.firstResponse),
  resolution: share(...tally.resolution),
});

const average = (values: readonly number[]) =>
  values.length === 0
    ? null
    : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;

/**
 * SLA management (issue 21): the tiers' policies, the business calendars, and compliance. A change
 * to a policy or a calendar gives the unfinished tickets counting in it new due times (the first
 * batch in the change's transaction, the rest in background jobs).
 */
export function createSlaService(deps: HelpdeskDeps) {
  const { db, sla } = deps;

  async function calendarList(tx: Tx, tenantId: string): Promise<BusinessCalendarList> {
    await slaRepository.defaultCalendar(tx, tenantId);
    const [rows, levels] = await Promise.all([
      slaRepository.calendars(tx, tenantId),
      slaRepository.levels(tx, tenantId),
    ]);
    return { data: rows.map((row) => toCalendarView(row, levels)) };
  }

  async function calendarView(tx: Tx, tenantId: string, id: string) {
    const view = (await calendarList(tx, tenantId)).data.find((calendar) => calendar.id === id);
    if (!view) throw notFound('Calendar');
    return view;
  }

  /** The tickets of the tiers counting in the calendar get new due times. */
  async function recomputeCalendar(tx: Tx, tenantId: string, calendar: { id: string; isDefault: boolean }) {
    const levelIds = await slaRepository.levelIdsOnCalendar(tx, tenantId, calendar);
    await sla.recompute(tx, tenantId, levelIds, deps.now());
  }

  /** Calendar names are unique per workspace (409 on a clash). */
  async function writingCalendar<T>(write: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(write);
    } catch (error) {
      if (violatesUnique(error, 'business_calendars_name_unique')) throw nameTaken();
      throw error;
    }
  }

  return {
    /** The warning / breach job's work (sla-clock.ts), here for the tests that drive it. */
    slaAlert: (alert: SlaAlert) => sla.alert(alert),

    async slaPolicies(member: Member): Promise<SlaPolicyList> {
      const levels = await db.transaction((tx) => slaRepository.levels(tx, member.tenantId));
      return { data: levels.map(toPolicy) };
    },

    /** 412 when the version is stale; the calendar must be one of the workspace's (422). */
    async updateSlaPolicy(member: Member, id: string, input: UpdateSlaPolicyValues): Promise<SlaPolicy> {
      const { tenantId } = member;
      return db.transaction(async (tx) => {
        const levels = await slaRepository.levels(tx, tenantId);
        if (!levels.some((level) => level.id === id)) throw notFound('SLA policy');
        if (input.calendarId && !(await slaRepository.findCalendar(tx, tenantId, input.calendarId))) {
          throw unprocessable('The calendar is not one of this workspace', {
            calendarId: 'Choose a calendar from the list',
          });
        }
        const { version, ...values } = input;
        const row = await slaRepository.updateLevel(tx, { tenantId, id, version, values });
        if (!row) throw staleVersion();
        await sla.recompute(tx, tenantId, [row.id], deps.now());
        return toPolicy(row);
      });
    },

    slaCalendars(member: Member): Promise<BusinessCalendarList> {
      return db.transaction((tx) => calendarList(tx, member.tenantId));
    },

    async createSlaCalendar(
      member: Member,
      input: CreateBusinessCalendarValues,
    ): Promise<BusinessCalendarView> {
      checkHolidayCountry(input.holidayCountry);
      const { tenantId } = member;
      return writingCalendar(async (tx) => {
        await slaRepository.defaultCalendar(tx, tenantId);
        if (input.isDefault) await slaRepository.unmarkDefault(tx, tenantId);
        const row = await slaRepository.insertCalendar(tx, tenantId, input);
        if (row.isDefault) await recomputeCalendar(tx, tenantId, row);
        return calendarView(tx, tenantId, row.id);
      });
    },

    /**
     * The whole calendar with the version read (412 when stale). The default stays the default
     * until another calendar is marked so (422): every workspace has exactly one.
     */
    async updateSlaCalendar(
      member: Member,
      id: string,
      input: UpdateBusinessCalendarValues,
    ): Promise<BusinessCalendarView> {
      checkHolidayCountry(input.holidayCountry);
      const { tenantId } = member;
      return writingCalendar(async (tx) => {
        const existing = await slaRepository.findCalendar(tx, tenantId, id);
        if (!existing) throw notFound('Calendar');
        if (existing.isDefault && !input.isDefault) {
          throw unprocessable('Every workspace has a default calendar', {
            isDefault: 'Mark another calendar as the default instead',
          });
        }
        if (input.isDefault && !existing.isDefault) await slaRepository.unmarkDefault(tx, tenantId, id);
        const { version, ...values } = input;
        const row = await slaRepository.updateCalendar(tx, { tenantId, id, version, values });
        if (!row) throw staleVersion();
        await recomputeCalendar(tx, tenantId, row);
        return calendarView(tx, tenantId, row.id);
      });
    },

    /** A calendar a policy counts in, or the default one, cannot be deleted (409). */
    async deleteSlaCalendar(member: Member, id: string): Promise<void> {
      const { tenantId } = member;
      await db.transaction(async (tx) => {
        const existing = await slaRepository.findCalendar(tx, tenantId, id);
        if (!existing) throw notFound('Calendar');
        if (existing.isDefault) {
          throw conflict(
            'The default calendar cannot be deleted; mark another calendar as the default first',
          );
        }
        const tiers = await slaRepository.tiersOnCalendar(tx, tenantId, id);
        if (tiers.length > 0) {
          throw conflict(
            `This calendar is in use by the ${tierList(tiers)} SLA ${tiers.length === 1 ? 'policy' : 'policies'}; give ${tiers.length === 1 ? 'it' : 'them'} another calendar first`,
          );
        }
        await slaRepository.deleteCalendar(tx, tenantId, id);
      });
    },

    /**
     * Compliance of the tickets with an SLA tier created in the period: per tier and per assignee,
     * the share of decided clocks that were met; the average business hours to the first response
     * and to the resolution; and the tickets at risk now (Breaching soon, nearest first).
     */
    async slaCompliance(member: Member, query: SlaComplianceQuery): Promise<SlaCompliance> {
      const { tenantId } = member;
      const now = deps.now();
      const timeZone = await slaRepository.workspaceTimeZone(db, tenantId);
      await db.transaction((tx) => slaRepository.defaultCalendar(tx, tenantId));
      const [rows, calendars, dueBy] = await Promise.all([
        slaRepository.complianceRows(db, tenantId, localDaysBounds(query.from, query.to, timeZone)),
        slaRepository.calendars(db, tenantId),
        sla.breachingSoonBound(db, tenantId, now),
      ]);
      const byId = new Map(calendars.map((row) => [row.id, row]));
      const fallback = calendars.find((row) => row.isDefault)!;
      const tiers = new Map<SlaTier, Tally>(slaTiers.map((tier) => [tier, emptyTally()]));
      const agents = new Map<string, { agent: ReturnType<typeof personRef>; tally: Tally }>();
      const firstResponseHours: number[] = [];
      const resolutionHours: number[] = [];
      for (const row of rows) {
        const calendar = businessCalendarOf((row.calendarId && byId.get(row.calendarId)) || fallback, {
          from: row.createdAt,
          to: now,
        });
        const pauses = toPauses(row.slaPauses);
        const minutes = targetMinutesOf(row);
        const firstResponseAt = row.firstRespondedAt ?? row.resolvedAt;
        const states = {
          firstResponse: slaClock(
            calendar,
            { createdAt: row.createdAt, targetMinutes: minutes.firstResponse, pauses },
            now,
            firstResponseAt,
          ).state,
          resolution: slaClock(
            calendar,
            { createdAt: row.createdAt, targetMinutes: minutes.resolution, pauses },
            now,
            row.resolvedAt,
          ).state,
        };
        const tallies = [tiers.get(row.tier)!];
        if (row.assigneeId && row.assigneeFirstName !== null && row.assigneeLastName !== null) {
          const entry = agents.get(row.assigneeId) ?? {
            agent: personRef({
              id: row.assigneeId,
              firstName: row.assigneeFirstName,
              lastName: row.assigneeLastName,
              avatarUrl: row.assigneeAvatarUrl,
            }),
            tally: emptyTally(),
          };
          agents.set(row.assigneeId, entry);
          tallies.push(entry.tally);
        }
        for (const tally of tallies) {
          tally.tickets++;
          for (const clock of ['firstResponse', 'resolution'] as const) {
            if (states[clock] === 'met') tally[clock][0]++;
            if (states[clock] === 'breached') tally[clock][1]++;
          }
        }
        if (row.firstRespondedAt) {
          firstResponseHours.push(
            businessMinutesBetween(calendar, row.createdAt, row.firstRespondedAt, pauses) / 60,
          );
        }
        if (row.resolvedAt) {
          resolutionHours.push(businessMinutesBetween(calendar, row.createdAt, row.resolvedAt, pauses) / 60);
        }
      }
      const { rows: atRisk } = await ticketQueueRepository.list(db, {
        filter: { tenantId, statuses: unfinishedTicketStatuses, assignee: undefined, dueBy },
        sort: 'due',
        direction: 'asc',
        limit: atRiskLimit,
        cursor: undefined,
      });
      return {
        from: query.from,
        to: query.to,
        tiers: slaTiers.map((tier) => ({ tier, ...lineOf(tiers.get(tier)!) })),
        agents: [...agents.values()]
          .sort((a, b) => a.agent.name.localeCompare(b.agent.name))
          .map(({ agent, tally }) => ({ agent, ...lineOf(tally) })),
        averageFirstResponseHours: average(firstResponseHours),
        averageResolutionHours: average(resolutionHours),
        atRisk: atRisk.map((row) => toTicketSummary(row, now)),
      };
    },
  };
}
