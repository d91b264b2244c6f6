import {
  defaultSlaTargets,
  slaTiers,
  ticketCategories,
  type SlaTier,
  type TicketCategory,
  type TicketType,
} from '@atrium/shared';

export const ticketTypeLabels: Record<TicketType, string> = {
  bug: 'Bug',
  feature: 'Feature',
  support: 'Support',
  other: 'Other',
};

/** Spec 9 names the categories in words already. */
export const ticketCategoryLabels = Object.fromEntries(
  ticketCategories.map((category) => [category, category]),
) as Record<TicketCategory, string>;

export const slaTierLabels = Object.fromEntries(slaTiers.map((tier) => [tier, tier])) as Record<
  SlaTier,
  string
>;

/** "Targets: first response 4 h, resolution 48 h": what a tier stands for, next to its choice. */
export function slaTargetsText(tier: SlaTier | null | undefined): string {
  if (!tier) return 'No response or resolution targets.';
  const { firstResponseHours, resolutionHours } = defaultSlaTargets[tier];
  return `Targets: first response ${firstResponseHours} h, resolution ${resolutionHours} h.`;
}

/** "2 h 15 min", "3 d 4 h", "under a minute": how long the first response took. */
export function formatElapsed(fromIso: string, toIso: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000));
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}
