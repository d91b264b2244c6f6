import type { Db } from '@atrium/db';
import {
  customerReopenDeadline,
  customerReplyEffect,
  finishedTicketStatuses,
  mayCustomerReopen,
  unfinishedTicketStatuses,
  type CreatePortalMessageValues,
  type CreatePortalTicketValues,
  type HelpdeskOverviewQuery,
  type PortalArticle,
  type PortalStats,
  type PortalSuggestionList,
  type PortalTicket,
  type PortalTicketList,
  type PortalTicketListQuery,
  type UploadedFile,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { forbidden, notFound } from '../../platform/errors/app-error';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { HelpdeskService } from '../helpdesk';
import type { KnowledgeService, PublishedArticlesService } from '../knowledge';
import { portalRepository as repository } from './portal.repository';

export type PortalDeps = {
  db: Db;
  helpdesk: HelpdeskService;
  knowledge: KnowledgeService;
  publishedArticles: PublishedArticlesService;
  storage: FileStorage;
  now?: () => Date;
};

/** A ticket's files are kept under `<tenant>/<file id>`; the file id is what the portal names. */
const fileIdOf = (storageKey: string) => storageKey.split('/')[1]!;

/** How many articles are suggested under the subject. */
const suggestionCount = 5;
/** Fewer letters than this suggest nothing yet: a word is still being typed. */
const minimumSuggestionQuery = 3;

/**
 * The customer portal (issue 22): a customer's own tickets and their public conversation, new
 * tickets with suggested articles, deflections, and the articles to read. Who the customer is comes
 * from one argument, `customerUserId`; the agents' preview calls the same reads with the customer
 * they chose, so the two cannot show different things.
 */
export function createPortalService(deps: PortalDeps) {
  const { db, helpdesk } = deps;
  const now = deps.now ?? (() => new Date());

  async function ticketsOf(
    tenantId: string,
    customerUserId: string,
    query: PortalTicketListQuery,
  ): Promise<PortalTicketList> {
    const after = query.cursor ? decodeCursor(query.cursor, ['timestamp', 'uuid']) : undefined;
    const rows = await repository.listTickets(db, {
      tenantId,
      customerUserId,
      statuses: query.state === 'open' ? unfinishedTicketStatuses : finishedTicketStatuses,
      limit: query.limit + 1,
      ...(after ? { after: { updatedAt: new Date(String(after[0])), id: String(after[1]) } } : {}),
    });
    const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
      last.updatedAt.toISOString(),
      last.id,
    ]);
    return {
      data: page.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
      nextCursor,
    };
  }

  async function ticketOf(tenantId: string, customerUserId: string, id: string): Promise<PortalTicket> {
    const row = await repository.ticket(db, tenantId, customerUserId, id);
    if (!row) throw notFound('Ticket');
    const messages = await repository.publicMessages(db, tenantId, id);
    const at = now();
    const reopenUntil = row.status === 'closed' ? customerReopenDeadline(row.closedAt) : null;
    return {
      id: row.id,
      number: row.number,
      subject: row.subject,
      status: row.status,
      category: row.category,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      mayClose: row.status !== 'closed',
      mayReopen: mayCustomerReopen(row, at),
      reopenUntil: reopenUntil?.toISOString() ?? null,
      mayReply: customerReplyEffect(row, at) !== 'new-ticket',
      messages: messages.map((message) => ({
        id: message.id,
        // A system message is the help desk speaking, like an agent.
        authorKind: message.authorKind === 'customer' ? 'customer' : 'agent',
        authorName: message.authorName,
        body: message.body,
        html: message.html,
        attachments: message.attachments.map((file) => ({
          id: fileIdOf(file.storageKey),
          name: file.name,
          sizeBytes: file.sizeBytes,
        })),
        createdAt: message.createdAt.toISOString(),
      })),
    };
  }

  /** The preview's customer: an active customer account of the agent's workspace, else not found. */
  async function previewed(member: Member, customerUserId: string) {
    const customer = await repository.customer(db, member.tenantId, customerUserId);
    if (!customer) throw notFound('Customer');
    return customer;
  }

  return {
    listTickets: (customer: Member, query: PortalTicketListQuery) =>
      ticketsOf(customer.tenantId, customer.userId, query),

    getTicket: (customer: Member, id: string) => ticketOf(customer.tenantId, customer.userId, id),

    /** Issue 22: "email verified before the first ticket is created". */
    async createTicket(customer: Member, input: CreatePortalTicketValues): Promise<PortalTicket> {
      if (!(await repository.emailVerified(db, customer.userId))) {
        throw forbidden(
          'Confirm your email address first: open the link we emailed you, then open your ticket',
        );
      }
      const id = await helpdesk.customerTickets.open(customer, input);
      return ticketOf(customer.tenantId, customer.userId, id);
    },

    async reply(customer: Member, id: string, input: CreatePortalMessageValues): Promise<PortalTicket> {
      await helpdesk.customerTickets.reply(customer, id, input);
      return ticketOf(customer.tenantId, customer.userId, id);
    },

    async close(customer: Member, id: string): Promise<PortalTicket> {
      await helpdesk.customerTickets.close(customer, id);
      return ticketOf(customer.tenantId, customer.userId, id);
    },

    async reopen(customer: Member, id: string): Promise<PortalTicket> {
      await helpdesk.customerTickets.reopen(customer, id);
      return ticketOf(customer.tenantId, customer.userId, id);
    },

    /** A file the customer attaches to a ticket or reply they are writing (the help desk's uploads). */
    upload: (
      customer: Member,
      file: { name: string; contentType: string; bytes: Buffer },
    ): Promise<UploadedFile> => helpdesk.upload(customer, file),

    /** A file of the public conversation of one of the customer's tickets. */
    async attachment(customer: Member, ticketId: string, fileId: string) {
      const ticket = await repository.ticket(db, customer.tenantId, customer.userId, ticketId);
      if (!ticket) throw notFound('Attachment');
      const storageKey = `${customer.tenantId}/${fileId}`;
      const file = await repository.publicAttachment(db, customer.tenantId, ticketId, storageKey);
      if (!file) throw notFound('Attachment');
      return { name: file.name, sizeBytes: file.sizeBytes, stream: deps.storage.read(file.storageKey) };
    },

    /** The knowledge base's one search, as a customer may read it. */
    async suggestions(customer: Member, q: string): Promise<PortalSuggestionList> {
      if (q.length < minimumSuggestionQuery) return { data: [] };
      const found = await deps.knowledge.search(customer.tenantId, {
        audience: 'customer',
        q,
        limit: suggestionCount,
      });
      return {
        data: found.map((article) => ({
          id: article.id,
          title: article.title,
          slug: article.slug,
          snippet: article.snippet ?? '',
        })),
      };
    },

    /** The customer read an article and needed no ticket (issue 22: counted as deflected). */
    async deflect(customer: Member, input: { articleId: string; query: string }): Promise<void> {
      if (!(await repository.customerMayRead(db, customer.tenantId, input.articleId))) {
        throw notFound('Article');
      }
      await repository.insertDeflection(db, {
        tenantId: customer.tenantId,
        articleId: input.articleId,
        customerUserId: customer.userId,
        query: input.query,
      });
    },

    async article(customer: Member, slug: string): Promise<PortalArticle> {
      const article = await deps.publishedArticles.article(customer.tenantId, slug);
      if (!article) throw notFound('Article');
      await deps.publishedArticles.recordView(customer.tenantId, article.id, customer.userId);
      const { id, title, summary, content, updatedAt } = article;
      return { id, slug: article.slug, title, summary, content, updatedAt };
    },

    // ---- the agents' read-only preview (issue 22) ----

    async previewTickets(member: Member, customerUserId: string, query: PortalTicketListQuery) {
      await previewed(member, customerUserId);
      return ticketsOf(member.tenantId, customerUserId, query);
    },

    async previewTicket(member: Member, customerUserId: string, id: string) {
      await previewed(member, customerUserId);
      return ticketOf(member.tenantId, customerUserId, id);
    },

    /** What the portal saved the agents over the overview's period. */
    async stats(member: Member, query: HelpdeskOverviewQuery): Promise<PortalStats> {
      const since = new Date(now().getTime() - query.days * 86_400_000);
      return { days: query.days, deflected: await repository.deflectionsSince(db, member.tenantId, since) };
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
