import { formatCount } from '@atrium/shared';

/** Shown wherever a number does not exist yet (no delivery, no budget), so it never reads as zero. */
export const noValue = '—';

const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

// Money in US dollars, as the rest of the workspace shows it; whole amounts without cents.
const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  trailingZeroDisplay: 'stripIfInteger',
});

/** A rate the server gives in percent (12.345 → "12.3%"); null before anything was delivered. */
export const formatRate = (rate: number | null) => (rate === null ? noValue : `${percent.format(rate)}%`);

export const formatMoney = (value: number | null) => (value === null ? noValue : money.format(value));

export const formatNumber = (value: number | null) => (value === null ? noValue : formatCount(value));

/** How far a send has gone, 0–100, for a progress bar; 0 while the audience is unknown. */
export function sendProgress(sent: number, recipients: number): number {
  if (recipients <= 0) return 0;
  return Math.min(100, Math.round((sent / recipients) * 100));
}
