import type { UserStatus } from '@atrium/shared';
import type { BadgeTone } from '../../../components/ui/badge';

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Null means "not recorded". Cents only when there are any: $85,000 but $42.50, never $42.5. */
export function formatMoney(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return 'Not recorded';
  return (Number.isInteger(amount) ? wholeDollars : withCents).format(amount);
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
