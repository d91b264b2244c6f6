import type { UserStatus } from '@atrium/shared';
import type { BadgeTone } from '../../../components/ui/badge';

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
