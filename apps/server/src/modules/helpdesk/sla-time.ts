import Holidays from 'date-holidays';
import {
  slaClock,
  type BusinessCalendar,
  type BusinessPause,
  type TicketSlaClock,
  type TicketStatus,
} from '@atrium/shared';

// The SLA clocks' business time on the server (issue 21): stored calendars with their country's
// public holidays (date-holidays), and a ticket's two clocks as the API shows them. The arithmetic
// itself is packages/shared's business-time.

export type SlaClockName = 'firstResponse' | 'resolution';

const minutesOf = (hours: number) => hours * 60;

const holidaySources = new Map<string, Holidays>();
const holidayYears = new Map<string, string[]>();

function holidaysOf(country: string): Holidays {
  let source = holidaySources.get(country);
  if (!source) {
    const [code, region] = country.split('-');
    source = region ? new Holidays(code!, region) : new Holidays(code!);
    holidaySources.set(country, source);
  }
  return source;
}

/** Whether date-holidays knows the country (DE) or the country and region (US-CA). */
export function knowsHolidayCountry(country: string): boolean {
  const [code, region] = country.split('-');
  const source = new Holidays();
  if (!code || !source.getCountries()[code]) return false;
  return region === undefined || Boolean(source.getStates(code)?.[region]);
}

/** A country's public holidays in a year, 'YYYY-MM-DD' in its own zone: its days off. */
function publicHolidays(country: string, year: number): string[] {
  const key = `${country} ${year}`;
  let dates = holidayYears.get(key);
  if (!dates) {
    dates = holidaysOf(country)
      .getHolidays(year)
      .filter((holiday) => holiday.type === 'public')
      .map((holiday) => holiday.date.slice(0, 10));
    holidayYears.set(key, dates);
  }
  return dates;
}

/** A business calendar as stored: periods keyed by weekday as text. */
export type CalendarSource = {
  timeZone: string;
  periods: Record<string, { start: string; end: string }[]>;
  holidays: string[];
  holidayCountry: string | null;
};

/**
 * A stored calendar as the business-time arithmetic reads it: its own days off and its country's
 * public holidays of the years a ticket's clocks may cross, `fromYear` to two years past `toYear`.
 */
export function businessCalendarOf(
  source: CalendarSource,
  years: { from: Date; to: Date },
): BusinessCalendar {
  const holidays = new Set(source.holidays);
  if (source.holidayCountry) {
    for (let year = years.from.getUTCFullYear(); year <= years.to.getUTCFullYear() + 2; year++) {
      for (const date of publicHolidays(source.holidayCountry, year)) holidays.add(date);
    }
  }
  return {
    timeZone: source.timeZone,
    periods: source.periods as BusinessCalendar['periods'],
    holidays: [...holidays],
  };
}

// --- one ticket's clocks ----------------------------------------------------------------------

export type StoredPause = { from: string; to: string | null };

export const toPauses = (stored: readonly StoredPause[]): BusinessPause[] =>
  stored.map(({ from, to }) => ({ from: new Date(from), to: to === null ? null : new Date(to) }));

/** A ticket's SLA as its clocks read it; targets null without a tier. */
export type TicketSlaInput = {
  status: TicketStatus;
  createdAt: Date;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  slaPauses: readonly StoredPause[];
  targets: { firstResponseHours: number; resolutionHours: number } | null;
  /** A running clock's due time as stored after the ticket's last change (null while not running). */
  storedDueAt?: Record<SlaClockName, Date | null>;
};

/**
 * When each clock was met: the first response at the first reply, or at the resolution of a ticket
 * resolved without one (resolving answered the customer); the resolution at the resolution.
 */
const metAtOf = (ticket: TicketSlaInput): Record<SlaClockName, Date | null> => ({
  firstResponse: ticket.firstRespondedAt ?? ticket.resolvedAt,
  resolution: ticket.resolvedAt,
});

export const targetMinutesOf = (
  targets: NonNullable<TicketSlaInput['targets']>,
): Record<SlaClockName, number> => ({
  firstResponse: minutesOf(targets.firstResponseHours),
  resolution: minutesOf(targets.resolutionHours),
});

/** Both clocks of a ticket as the API shows them; null without a tier (issue 21 side panel). */
export function ticketSlaClocks(
  ticket: TicketSlaInput,
  calendar: BusinessCalendar,
  now: Date,
): { firstResponse: TicketSlaClock; resolution: TicketSlaClock } | null {
  if (!ticket.targets) return null;
  const pauses = toPauses(ticket.slaPauses);
  const metAt = metAtOf(ticket);
  const minutes = targetMinutesOf(ticket.targets);
  const view = (name: SlaClockName): TicketSlaClock => {
    const clock = slaClock(
      calendar,
      {
        createdAt: ticket.createdAt,
        targetMinutes: minutes[name],
        pauses,
        dueAt: ticket.storedDueAt?.[name],
      },
      now,
      metAt[name],
    );
    return {
      state: clock.state,
      dueAt: clock.dueAt?.toISOString() ?? null,
      businessMinutesLeft: clock.businessMinutesLeft === null ? null : Math.round(clock.businessMinutesLeft),
    };
  };
  return { firstResponse: view('firstResponse'), resolution: view('resolution') };
}
