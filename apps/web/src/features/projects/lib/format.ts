import { countOf, formatCount, type ProjectPriority, type ProjectStatus } from '@atrium/shared';
import type { BadgeTone } from '../../../components/ui/badge';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  // Whole amounts without cents ($125,000), the rest with both digits ($99.50).
  trailingZeroDisplay: 'stripIfInteger',
});
// Project dates are calendar days (YYYY-MM-DD): read as UTC midnight and shown in UTC, they name the
// same day whatever the viewer's own time zone.
const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatBudget = (amount: number | null) => (amount === null ? 'No budget' : money.format(amount));
export const formatDay = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
export { formatCount };
export const plural = (value: number, one: string, many: string) => countOf(value, { one, other: many });

export const statusTones: Record<ProjectStatus, BadgeTone> = {
  planning: 'brand',
  active: 'success',
  'on-hold': 'warning',
  completed: 'success',
  cancelled: 'danger',
};

/** The priority dot's colour; the word beside it carries the meaning. */
export const priorityDotClasses: Record<ProjectPriority, string> = {
  low: 'bg-slate-400',
  medium: 'bg-sky-500',
  high: 'bg-amber-500',
  critical: 'bg-red-600',
};
