// Working-time rules from spec sections 4 and 9. The server (clock-out), the UI (live clock) and
// the sample-data generator all compute hours here, so a timesheet never disagrees with itself.

/** Spec 9: standard day 09:00-17:00 with a 60-minute break, 5 weekdays, 40 weekly hours. */
export const standardWorkday = {
  start: '09:00',
  end: '17:00',
  breakMinutes: 60,
  daysPerWeek: 5,
  weeklyHours: 40,
} as const;

/** Spec 9: overtime is what a single time entry records above 8 hours. */
export const overtimeThresholdHours = 8;

/** Spec 9: hours are shown and stored to 2 decimals. */
export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100;
}

const hoursFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/**
 * Issue 20: finished hours read one way on every screen, "7 h", "7.5 h", "1,498.33 h" (spec 9's
 * 2 decimals, no trailing zeros). A running timer shows elapsed time instead (1:23:45).
 */
export function hoursLabel(hours: number): string {
  return `${hoursFormat.format(hours)} h`;
}

/** Spec 4: clock-out sets totalHours to the elapsed hours, rounded to 2 decimals. */
export function entryHours(clockIn: Date, clockOut: Date): number {
  return roundHours((clockOut.getTime() - clockIn.getTime()) / 3_600_000);
}

/** Spec 4: overtimeHours is the excess above 8 hours, never below 0. */
export function overtimeHours(totalHours: number): number {
  return roundHours(Math.max(0, totalHours - overtimeThresholdHours));
}
