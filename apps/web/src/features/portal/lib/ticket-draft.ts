import type { CreatePortalTicketInput } from '@atrium/shared';

/**
 * The new ticket being written, kept for the tab's life: reading a suggested article leaves the
 * form, and coming back must not lose what was typed.
 */
const key = 'atrium.portal.new-ticket';

type Draft = Pick<CreatePortalTicketInput, 'subject' | 'description' | 'category'>;

export function readTicketDraft(): Partial<Draft> {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? '{}') as Partial<Draft>;
  } catch {
    return {};
  }
}

export function keepTicketDraft(draft: Draft) {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage may be full or refused: the draft then lives only on screen.
  }
}

export function forgetTicketDraft() {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}
