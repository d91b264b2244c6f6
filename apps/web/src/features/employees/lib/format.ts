import type { UserStatus } from '@atrium/shared';
import type { BadgeTone } from '../../../components/ui/badge';

/**
 * A calendar date (YYYY-MM-DD) as "Mar 3, 2025". Read as UTC midnight and shown in UTC, so the day
 * never shifts with the viewer's time zone.
 */
export function formatCalendarDate(
  date: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  return new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

const currency = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** Null means "not recorded". */
export function formatMoney(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? 'Not recorded' : currency.format(amount);
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const statusLabels: Record<UserStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
};

export const statusTones: Record<UserStatus, BadgeTone> = {
  active: 'success',
  inactive: 'danger',
  pending: 'warning',
};
