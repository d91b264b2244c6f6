import type { Db, Tx } from '@atrium/db';
import {
  addBusinessTime,
  breachingSoonBusinessMinutes,
  defaultBusinessCalendar,
  isFinishedTicketStatus,
  slaFractionElapsedAt,
  type TicketStatus,
} from '@atrium/shared';
import type { Actor } from '../../platform/activity/activity.service';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Notifier } from '../../platform/notifications/notifications.service';
import { slaRepository, type CalendarRow, type TicketClockRow } from './sla.repository';
import {
  businessCalendarOf,
  targetMinutesOf,
  toPauses,
  type SlaClockName,
  type StoredPause,
} from './sla-time';
import { ticketLink, ticketTitle } from './ticket-view';

/**
 * The SLA clocks of tickets (issue 21): after any change to a ticket, inside the change's
 * transaction, `refresh` brings its pauses, due times and warning / breach jobs up to date.
 */
export type SlaClock = {
  refresh(tx: Tx, tenantId: string, ticketId: string, now: Date): Promise<void>;
  /** The tickets of these SLA levels get their due times again (a policy or calendar changed). */
  recompute(tx: Tx, tenantId: string, levelIds: readonly string[], now: Date): Promise<void>;
  /** The latest instant two business hours from now on the workspace's calendars: Breaching soon's bound. */
  breachingSoonBound(db: Db | Tx, tenantId: string, now: Date): Promise<Date>;
  /** The warning / breach job: notifies when the clock is still due at the time the job was planned for. */
  alert(alert: SlaAlert): Promise<void>;
};

export type SlaAlert = {
  tenantId: string;
  ticketId: string;
  clock: SlaClockName;
  kind: 'warning' | 'breach';
  /** The due time the job was planned for; a job whose clock has since moved, stopped or paused is stale. */
  dueAt: string;
};

export const slaAlertQueue = 'helpdesk.sla-alert';
const slaRecomputeQueue = 'helpdesk.sla-recompute';

/** Issue 21: the warning goes out at 80% of the target. */
export const slaWarningFraction = 0.8;

/** Tickets a policy change recomputes per transaction; the rest follow in background jobs. */
const recomputeBatch = 100;

const slaActor: Actor = { userId: null, name: 'SLA clock' };
const clockLabels: Record<SlaClockName, string> = {
  firstResponse: 'first response',
  resolution: 'resolution',
};

/**
 * The pauses after a change at `now`: a pause status opens a pause when none is open, any other
 * status closes the open one.
 */
function pausesAfter(stored: readonly StoredPause[], paused: boolean, now: Date): StoredPause[] {
  const open = stored.findIndex((pause) => pause.to === null);
  if (paused && open === -1) return [...stored, { from: now.toISOString(), to: null }];
  if (!paused && open !== -1) {
    return stored.map((pause, index) => (index === open ? { ...pause, to: now.toISOString() } : pause));
  }
  return [...stored];
}

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

// --- the service --------------------------------------------------------------------------------

export function createSlaClock(deps: { db: Db; jobs: Jobs; notifier: Notifier; now: () => Date }): SlaClock {
  const { db, jobs, notifier } = deps;

  /** Every calendar of the workspace by id, 'default' for the default one (created on first use). */
  async function calendarsOf(tx: Tx, tenantId: string, needDefault: boolean) {
    const rows = await slaRepository.calendars(tx, tenantId);
    const byId = new Map<string, CalendarRow>(rows.map((row) => [row.id, row]));
    const fallback =
      rows.find((row) => row.isDefault) ??
      (needDefault ? await slaRepository.defaultCalendar(tx, tenantId) : undefined);
    if (fallback) byId.set('default', fallback);
    return byId;
  }

  async function schedule(
    tx: Tx,
    tenantId: string,
    ticket: TicketClockRow,
    alert: {
      clock: SlaClockName;
      dueAt: Date;
      warningAt: Date | null;
      now: Date;
    },
  ) {
    const planned = [
      { kind: 'warning' as const, at: alert.warningAt },
      { kind: 'breach' as const, at: alert.dueAt },
    ];
    for (const { kind, at } of planned) {
      // An instant already past when the clock moved there was announced before (a pause does not
      // move what came before it); the at-risk list shows the rest.
      if (!at || at <= alert.now) continue;
      const dueAt = alert.dueAt.toISOString();
      const data: SlaAlert = { tenantId, ticketId: ticket.id, clock: alert.clock, kind, dueAt };
      await jobs.enqueue(slaAlertQueue, data, {
        tx,
        // A delay from the service's own time: tests that set the time plan jobs as production would.
        startAfter: Math.ceil((at.getTime() - alert.now.getTime()) / 1000),
        singletonKey: `${ticket.id}:${alert.clock}:${kind}:${dueAt}`,
      });
    }
  }

  async function refreshMany(tx: Tx, tenantId: string, ids: readonly string[], now: Date) {
    const rows = await slaRepository.clockRows(tx, tenantId, ids);
    if (rows.length === 0) return;
    const calendars = await calendarsOf(
      tx,
      tenantId,
      rows.some((row) => row.levelId !== null && row.calendarId === null),
    );
    for (const row of rows) {
      const pauseStatuses: readonly TicketStatus[] = row.pauseStatuses ?? ['pending'];
      const paused = pauseStatuses.includes(row.status);
      const slaPauses = pausesAfter(row.slaPauses, paused, now);
      const source = row.levelId ? calendars.get(row.calendarId ?? 'default') : undefined;
      const due: Record<SlaClockName, Date | null> = { firstResponse: null, resolution: null };
      const warnings: Record<SlaClockName, Date | null> = { firstResponse: null, resolution: null };
      // A finished ticket's clocks stopped; a paused one's have no due time until they run again.
      if (
        source &&
        row.firstResponseHours !== null &&
        row.resolutionHours !== null &&
        !paused &&
        !isFinishedTicketStatus(row.status)
      ) {
        const calendar = businessCalendarOf(source, { from: row.createdAt, to: now });
        const target = { createdAt: row.createdAt, pauses: toPauses(slaPauses) };
        const minutes = targetMinutesOf({
          firstResponseHours: row.firstResponseHours,
          resolutionHours: row.resolutionHours,
        });
        const running: Record<SlaClockName, boolean> = {
          firstResponse: row.firstRespondedAt === null,
          resolution: row.resolvedAt === null,
        };
        for (const name of ['firstResponse', 'resolution'] as const) {
          if (!running[name]) continue;
          due[name] = addBusinessTime(calendar, row.createdAt, minutes[name], target.pauses);
          warnings[name] = slaFractionElapsedAt(
            calendar,
            { ...target, targetMinutes: minutes[name] },
            slaWarningFraction,
          );
        }
      }
      const before: Record<SlaClockName, Date | null> = {
        firstResponse: row.firstResponseDueAt,
        resolution: row.resolutionDueAt,
      };
      const pausesChanged = JSON.stringify(slaPauses) !== JSON.stringify(row.slaPauses);
      const dueChanged = (['firstResponse', 'resolution'] as const).filter(
        (name) => !sameInstant(before[name], due[name]),
      );
      if (!pausesChanged && dueChanged.length === 0) continue;
      await slaRepository.writeClocks(tx, tenantId, row.id, {
        slaPauses,
        firstResponseDueAt: due.firstResponse,
        resolutionDueAt: due.resolution,
      });
      for (const name of dueChanged) {
        const dueAt = due[name];
        if (dueAt) await schedule(tx, tenantId, row, { clock: name, dueAt, warningAt: warnings[name], now });
      }
    }
  }

  async function recompute(
    tx: Tx,
    tenantId: string,
    levelIds: readonly string[],
    after: string | null,
    now: Date,
  ) {
    const ids = await slaRepository.unfinishedTicketIds(tx, tenantId, {
      levelIds,
      after,
      limit: recomputeBatch,
    });
    await refreshMany(tx, tenantId, ids, now);
    if (ids.length === recomputeBatch) {
      await jobs.enqueue(slaRecomputeQueue, { tenantId, levelIds, after: ids.at(-1)! }, { tx });
    }
  }

  async function alert({ tenantId, ticketId, clock, kind, dueAt }: SlaAlert) {
    await db.transaction(async (tx) => {
      const [row] = await slaRepository.clockRows(tx, tenantId, [ticketId]);
      const current = clock === 'firstResponse' ? row?.firstResponseDueAt : row?.resolutionDueAt;
      // Met, paused, finished, or moved since: the job planned for the new due time speaks instead.
      if (!row || current?.toISOString() !== dueAt) return;
      const employees = row.assignedAgentId
        ? [row.assignedAgentId]
        : row.teamId
          ? await slaRepository.teamManagers(tx, tenantId, row.teamId)
          : [];
      if (employees.length === 0) return;
      const what = clockLabels[clock];
      await notifier.notify({
        tx,
        tenantId,
        actor: slaActor,
        recipients: { employees },
        kind: kind === 'warning' ? 'ticket_sla_warning' : 'ticket_sla_breached',
        record: { type: 'ticket', id: row.id, link: ticketLink(row.id) },
        title:
          kind === 'warning'
            ? `Ticket ${ticketTitle(row)} has used ${slaWarningFraction * 100}% of its ${what} time`
            : `Ticket ${ticketTitle(row)} breached its ${what} target`,
      });
    });
  }

  jobs.register<SlaAlert>(slaAlertQueue, alert, {
    label: 'SLA warning or breach',
    onePendingPerKey: true,
    retryLimit: 3,
    retryDelaySeconds: 30,
  });
  jobs.register<{ tenantId: string; levelIds: string[]; after: string }>(
    slaRecomputeQueue,
    ({ tenantId, levelIds, after }) =>
      db.transaction((tx) => recompute(tx, tenantId, levelIds, after, deps.now())),
    { label: 'Recompute SLA due times' },
  );

  return {
    refresh: (tx, tenantId, ticketId, now) => refreshMany(tx, tenantId, [ticketId], now),
    recompute: (tx, tenantId, levelIds, now) => recompute(tx, tenantId, levelIds, null, now),
    alert,

    async breachingSoonBound(database, tenantId, now) {
      const rows = await slaRepository.calendars(database, tenantId);
      const calendars =
        rows.length > 0
          ? rows.map((row) => businessCalendarOf(row, { from: now, to: now }))
          : [defaultBusinessCalendar(await slaRepository.workspaceTimeZone(database, tenantId))];
      let bound = now.getTime();
      for (const calendar of calendars) {
        const due = addBusinessTime(calendar, now, breachingSoonBusinessMinutes);
        if (due && due.getTime() > bound) bound = due.getTime();
      }
      return new Date(bound);
    },
  };
}
