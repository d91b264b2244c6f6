import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, Tx } from '@atrium/db';
import {
  csatPercent,
  isFinishedTicketStatus,
  ratingScoreLabels,
  ratingScores,
  ticketReference,
  type OverviewCsat,
  type PortalTicketRating,
  type PublicRating,
  type TicketRating,
} from '@atrium/shared';
import { activityLog, type Actor } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { escapeHtml } from '../../platform/rich-text/rich-text';
import { ticketRatingsRepository as repository, type RatingRow } from './ticket-ratings.repository';

export type TicketRatingsDeps = {
  db: Db;
  mailer: Mailer;
  /** Signs the emailed links (platform.keyFor). */
  linkKey: Buffer;
  /** The origin of the links in the email. */
  publicUrl: string;
  now?: () => Date;
};

type RatingAnswer = { score: number; comment: string };

const alreadyRated = () => new AppError('gone', 'This ticket was already rated: thank you');

const toRating = (row: RatingRow): TicketRating => ({
  id: row.id,
  score: row.score,
  comment: row.comment,
  requestedAt: row.requestedAt.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
});

/**
 * Satisfaction ratings (issue 22). Each resolution asks the customer, by email, with links that work
 * without signing in: `<rating id>.<HMAC of the id>`, under a key derived from AUTH_SECRET for this
 * purpose alone. The database keeps no secret; a link is used up by its answer (answered_at), so it
 * works once, and an altered one matches no signature.
 */
export function createTicketRatingsService(deps: TicketRatingsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  function tokenOf(ratingId: string) {
    const signature = createHmac('sha256', deps.linkKey).update(ratingId).digest('base64url');
    return `${ratingId}.${signature}`;
  }

  /** The rating id a genuine link names; not found for anything else. */
  function ratingIdOf(token: string) {
    const [id = '', signature = ''] = token.split('.');
    const expected = createHmac('sha256', deps.linkKey).update(id).digest();
    const given = Buffer.from(signature, 'base64url');
    // One spelling per link: base64url's last letter carries unused bits, which decoding ignores.
    const genuine =
      /^[0-9a-f-]{36}$/.test(id) &&
      given.toString('base64url') === signature &&
      given.length === expected.length &&
      timingSafeEqual(given, expected);
    if (!genuine) throw notFound('Rating');
    return id;
  }

  async function linkedRating(token: string) {
    const row = await repository.findForLink(db, ratingIdOf(token));
    if (!row) throw notFound('Rating');
    return row;
  }

  /** The answer, once; in the ticket's activity, which also tells every server its totals changed. */
  async function answer(
    tx: Tx,
    rating: { tenantId: string; id: string; ticketId: string; number: number },
    input: RatingAnswer,
    actor: Actor,
  ) {
    const answered = await repository.answer(tx, {
      tenantId: rating.tenantId,
      id: rating.id,
      score: input.score,
      comment: input.comment,
      answeredAt: now(),
    });
    if (!answered) throw alreadyRated();
    await activityLog.record(tx, {
      tenantId: rating.tenantId,
      actor,
      action: 'rated',
      entityType: 'ticket',
      entityId: rating.ticketId,
      summary: `rated ticket ${ticketReference(rating.number)} ${input.score} of 5`,
      data: { number: rating.number, score: input.score },
    });
  }

  /** The portal: the customer's own ticket's latest request; another's ticket is not found. */
  async function portalRating(customer: Member, ticketId: string): Promise<PortalTicketRating> {
    const ticket = await repository.customerTicket(db, customer.tenantId, ticketId, customer.userId);
    if (!ticket) throw notFound('Ticket');
    const latest = await repository.latest(db, customer.tenantId, ticketId);
    return { rateable: isFinishedTicketStatus(ticket.status), rating: latest ? toRating(latest) : null };
  }

  return {
    /** Called in the resolution's transaction: the request, and the email that asks. */
    async requestRating(tx: Tx, resolved: { tenantId: string; ticketId: string; agentId: string | null }) {
      const id = await repository.insertRequest(tx, resolved);
      const ticket = await repository.mailFacts(tx, resolved.tenantId, resolved.ticketId);
      const token = tokenOf(id);
      const links = ratingScores.map((score) => ({
        score,
        label: ratingScoreLabels[score],
        url: `${deps.publicUrl}/rate/${token}?score=${score}`,
      }));
      const reference = ticketReference(ticket.number);
      await deps.mailer.send(
        {
          tenantId: resolved.tenantId,
          to: ticket.customerEmail,
          subject: `How did we do? ${reference} ${ticket.subject}`,
          text: [
            `Hello ${ticket.customerName},`,
            '',
            `Your request ${reference} "${ticket.subject}" was resolved. How did we do?`,
            '',
            ...links.map((link) => `${link.score} – ${link.label}: ${link.url}`),
            '',
            'Choose a score; you can add a comment on the page that opens. No sign-in needed.',
            '',
            ticket.workspaceName,
          ].join('\n'),
          html: [
            `<p>Hello ${escapeHtml(ticket.customerName)},</p>`,
            `<p>Your request ${reference} “${escapeHtml(ticket.subject)}” was resolved. <b>How did we do?</b></p>`,
            `<p>${links.map((link) => `<a href="${link.url}" title="${link.label}">${link.score} – ${link.label}</a>`).join('<br>')}</p>`,
            '<p>Choose a score; you can add a comment on the page that opens. No sign-in needed.</p>',
            `<p>${escapeHtml(ticket.workspaceName)}</p>`,
          ].join(''),
        },
        { tx },
      );
    },

    async latestRating(tenantId: string, ticketId: string): Promise<TicketRating | null> {
      const row = await repository.latest(db, tenantId, ticketId);
      return row ? toRating(row) : null;
    },

    async csat(tenantId: string, since: Date): Promise<OverviewCsat> {
      const rows = await repository.csat(db, tenantId, since);
      const answered = rows.reduce((total, row) => total + row.answered, 0);
      const satisfied = rows.reduce((total, row) => total + row.satisfied, 0);
      return {
        answered,
        satisfied,
        percent: csatPercent({ answered, satisfied }),
        perAgent: rows.flatMap((row) =>
          row.agentId
            ? [
                {
                  agent: { id: row.agentId, name: row.agentName ?? '' },
                  answered: row.answered,
                  satisfied: row.satisfied,
                  percent: csatPercent(row),
                },
              ]
            : [],
        ),
      };
    },

    portalRating,

    /**
     * The portal's answer to the latest request. A ticket the customer closed themselves was never
     * asked: its first rating makes the request it answers.
     */
    async ratePortal(customer: Member, ticketId: string, input: RatingAnswer): Promise<PortalTicketRating> {
      await db.transaction(async (tx) => {
        const ticket = await repository.lockCustomerTicket(tx, customer.tenantId, ticketId, customer.userId);
        if (!ticket) throw notFound('Ticket');
        if (!isFinishedTicketStatus(ticket.status)) throw conflict('Rate the ticket once it is resolved');
        const latest = await repository.latest(tx, customer.tenantId, ticketId);
        if (latest?.answeredAt) throw alreadyRated();
        const id =
          latest?.id ??
          (await repository.insertRequest(tx, {
            tenantId: customer.tenantId,
            ticketId,
            agentId: ticket.assignedAgentId,
          }));
        const { number } = await repository.mailFacts(tx, customer.tenantId, ticketId);
        await answer(tx, { tenantId: customer.tenantId, id, ticketId, number }, input, {
          userId: customer.userId,
          name: customer.name,
        });
      });
      return portalRating(customer, ticketId);
    },

    /** The signed link's page: which ticket it asks about; 410 once answered. */
    async publicRating(token: string): Promise<PublicRating> {
      const rating = await linkedRating(token);
      if (rating.answeredAt) throw alreadyRated();
      return {
        workspaceName: rating.workspaceName,
        ticket: { number: rating.ticketNumber, subject: rating.ticketSubject },
      };
    },

    /** The signed link's one answer; the customer is named by the ticket. */
    async ratePublic(token: string, input: RatingAnswer) {
      const rating = await linkedRating(token);
      await db.transaction((tx) =>
        answer(
          tx,
          {
            tenantId: rating.tenantId,
            id: rating.id,
            ticketId: rating.ticketId,
            number: rating.ticketNumber,
          },
          input,
          { userId: null, name: rating.customerName },
        ),
      );
    },
  };
}

export type TicketRatingsService = ReturnType<typeof createTicketRatingsService>;
