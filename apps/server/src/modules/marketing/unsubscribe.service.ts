import type { Tx } from '@atrium/db';
import type { MarketingDeps } from './marketing-deps';
import { mailFeedbackRepository as feedback, type SendRow } from './mail-feedback.repository';
import { suppressionsRepository } from './suppressions.repository';

/** What the unsubscribe page tells the person: their address, and whose mail stops. */
export type UnsubscribeSubject = { email: string; workspaceName: string };

/**
 * The address goes on the suppression list; the send, its campaign's count and events record the
 * unsubscribe the first time only, so a second click or a provider's retry changes nothing. The
 * address is suppressed again even so: a manager may have released it in between.
 */
export async function unsubscribeSend(tx: Tx, send: SendRow, at: Date): Promise<void> {
  await suppressionsRepository.suppress(tx, {
    tenantId: send.tenantId,
    email: send.email.toLowerCase(),
    reason: 'unsubscribed',
    campaignId: send.campaignId,
  });
  if (await feedback.markUnsubscribed(tx, send, at)) {
    await feedback.countOnCampaign(tx, send, 'unsubscribed');
    await feedback.recordEvent(tx, send, 'unsubscribe', at);
  }
}

/**
 * The unsubscribe link of campaign mail (issue 23): its token names one send. A GET only shows the
 * page (link scanners follow links); a POST, the page's button or RFC 8058's one-click request from
 * the mail provider, unsubscribes.
 */
export function createUnsubscribeService(deps: MarketingDeps) {
  const { db, tokens } = deps;

  /** The send a genuine token names; undefined for a forged one, or a send deleted since. */
  async function sendOf(token: string): Promise<SendRow | undefined> {
    const subject = tokens.read(token);
    if (subject?.kind !== 'send') return undefined;
    return feedback.findSend(db, subject.tenantId, subject.id);
  }

  async function subjectOf(send: SendRow): Promise<UnsubscribeSubject> {
    return { email: send.email, workspaceName: (await feedback.workspaceName(db, send.tenantId)) ?? '' };
  }

  return {
    /** For the confirmation page; null when the link names nothing. */
    async confirmation(token: string): Promise<UnsubscribeSubject | null> {
      const send = await sendOf(token);
      return send ? subjectOf(send) : null;
    },

    /** Unsubscribes (again, harmlessly); null when the link names nothing. */
    async unsubscribe(token: string): Promise<UnsubscribeSubject | null> {
      const send = await sendOf(token);
      if (!send) return null;
      await db.transaction((tx) => unsubscribeSend(tx, send, deps.now()));
      return subjectOf(send);
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
