import { countOf, formatCount, hoursLabel, type ReportTrends } from '@atrium/shared';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 2,
});
// Spec 9: hours to 2 decimals.
const hours = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

export const formatMoney = (amount: number | null) => (amount === null ? '–' : money.format(amount));
export const formatCompactMoney = (amount: number) => compactMoney.format(amount);
export const formatHours = hoursLabel;
/** Actual against estimated hours, one unit for both: "38 / 102.5 h". */
export const formatHoursPair = (actual: number, estimated: number) =>
  `${hours.format(actual)} / ${hours.format(estimated)} h`;
export { formatCount };
export const plural = (value: number, one: string, many: string) => countOf(value, { one, other: many });

// Report dates are calendar days of the workspace, sent as YYYY-MM-DD; read as UTC midnight and
// formatted in UTC, they name the same day whatever the viewer's own zone.
const calendarDay = (date: string) => new Date(`${date}T00:00:00Z`);
const dayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatDay = (date: string) => dayFormat.format(calendarDay(date));

/** "Oct 24 – Nov 22, 2026". */
export const formatPeriod = (from: string, to: string) =>
  dayFormat.formatRange(calendarDay(from), calendarDay(to));

/** A chart bucket's short label: its day, the first day of its week, or its month. */
export function bucketLabel(unit: ReportTrends['unit'], start: string): string {
  return unit === 'month' ? monthFormat.format(calendarDay(start)) : shortDay.format(calendarDay(start));
}

/** A bucket in words, for the data tables: "Nov 3, 2026", "Week of Nov 2, 2026", "Nov 2026". */
export function bucketName(unit: ReportTrends['unit'], start: string, end: string): string {
  if (unit === 'day') return formatDay(start);
  if (unit === 'month') return monthFormat.format(calendarDay(start));
  return formatPeriod(start, end);
}
