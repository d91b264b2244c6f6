import {
  createTicketMessageSchema,
  firstResponseAfter,
  type ActivityEntry,
  ticketStatusChange,
  type CreateTicketMessageValues,
  type CreateTicketValues,
  maxAttachmentBytes,
  type UploadedFile,
  type TicketDetails,
  type TicketMessageResult,
  type UpdateTicketValues,
} from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, notFound } from '../../platform/errors/app-error';
import { richTextToPlain, sanitizeRichText } from '../../platform/rich-text/rich-text';
import { storedFilesRepository } from '../../platform/storage/stored-files.repository';
import { emailReply } from './mail-out';
import { applyTicketEdit, checkAssignment, notifyAssignee, type HelpdeskDeps } from './ticket-changes';
import { autoAssign } from './ticket-routing';
import { ticketTitle, toTicketMessage, toTicketSummary } from './ticket-view';
import {
  ticketsRepository as repository,
  type TicketChanges,
  type TicketMessageRow,
} from './tickets.repository';

/**
 * A message as stored: with formatting, its sanitised html and the text derived from it (what search,
 * previews and the email's text part read), held to the plain body's rule: a message needs some text.
 */
function messageContent(input: CreateTicketMessageValues): { body: string; html: string | null } {
  if (input.html === undefined) return { body: input.body, html: null };
  const html = sanitizeRichText(input.html);
  const { body } = createTicketMessageSchema.pick({ body: true }).parse({ body: richTextToPlain(html) });
  return { body, html };
}

/** The ticket page: read, enter, edit the side panel, reply and note. */
export function createTicketDetailsService(deps: HelpdeskDeps) {
  const { db } = deps;

  async function details(member: Member, id: string): Promise<TicketDetails> {
    const [row, messages, rating] = await Promise.all([
      repository.findDetails(db, member.tenantId, id),
      repository.messages(db, member.tenantId, id),
      deps.satisfaction.latestRating(member.tenantId, id),
    ]);
    if (!row) throw notFound('Ticket');
    return {
      ...toTicketSummary(row, deps.now()),
      description: row.description,
      attachments: row.attachments.map((file) => ({ name: file.name, sizeBytes: file.sizeBytes })),
      // Agents see the whole conversation, internal notes included.
      messages: messages.map(toTicketMessage),
      rating,
    };
  }

  async function existing(member: Member, id: string) {
    const row = await repository.find(db, member.tenantId, id);
    if (!row) throw notFound('Ticket');
    return row;
  }

  return {
    get: details,

    /** The ticket's timeline: who changed what, newest first. */
    async activity(member: Member, id: string): Promise<{ data: ActivityEntry[] }> {
      await existing(member, id);
      const rows = await activityLog.forEntity(db, member.tenantId, 'ticket', id);
      return { data: rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })) };
    },

    /** A file an agent attaches to a message they are writing: kept until the message takes it. */
    async upload(
      member: Member,
      file: { name: string; contentType: string; bytes: Buffer },
    ): Promise<UploadedFile> {
      const name = file.name.trim().slice(0, 255) || 'attachment';
      if (file.bytes.length === 0) {
        throw new AppError('validation_failed', 'The file is empty', { file: 'Choose a file with content' });
      }
      if (file.bytes.length > maxAttachmentBytes) {
        throw new AppError(
          'payload_too_large',
          `A file may have at most ${maxAttachmentBytes / 1024 / 1024} MB`,
        );
      }
      const stored = await deps.storage.put(member.tenantId, file.bytes);
      const row = await storedFilesRepository.insert(db, {
        tenantId: member.tenantId,
        storageKey: stored.key,
        fileName: name,
        contentType: file.contentType || 'application/octet-stream',
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        uploadedBy: member.userId,
        unattachedSince: deps.now(),
      });
      return { id: row.id, name: row.fileName, sizeBytes: row.sizeBytes };
    },

    /** A file that came with one of the ticket's messages (mail attachments). */
    async attachment(member: Member, ticketId: string, fileId: string) {
      const storageKey = `${member.tenantId}/${fileId}`;
      const file = await repository.attachment(db, member.tenantId, ticketId, storageKey);
      if (!file) throw notFound('Attachment');
      return { name: file.name, sizeBytes: file.sizeBytes, stream: deps.storage.read(file.storageKey) };
    },

    async create(member: Member, input: CreateTicketValues): Promise<TicketDetails> {
      const chosenAssigneeId = input.assigneeId ?? null;
      await checkAssignment(db, member, chosenAssigneeId);
      const id = await db.transaction(async (tx) => {
        const createdAt = deps.now();
        const number = await repository.nextNumber(tx, member.tenantId);
        // Left unassigned, it goes round-robin within the team the settings name, if any.
        const routed = chosenAssigneeId ? null : await autoAssign(tx, deps, member.tenantId);
        const assigneeId = routed?.assigneeId ?? chosenAssigneeId;
        const id = await repository.insert(tx, member.tenantId, {
          number,
          subject: input.subject,
          description: input.description,
          priority: input.priority,
          type: input.type,
          category: input.category,
          customerName: input.customerName,
          customerEmail: input.customerEmail,
          assignedAgentId: assigneeId,
          teamId: routed?.teamId ?? null,
          slaLevelId: input.slaTier ? await repository.slaLevelId(tx, member.tenantId, input.slaTier) : null,
          tags: input.tags,
          createdAt,
        });
        // The description is the customer's first message, as if they had written in.
        await repository.insertMessage(tx, member.tenantId, {
          ticketId: id,
          authorUserId: null,
          authorName: input.customerName,
          authorKind: 'customer',
          body: input.description,
          internal: false,
          createdAt,
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'ticket',
          entityId: id,
          summary: `created ticket ${ticketTitle({ number, subject: input.subject })}`,
          data: {
            number,
            after: {
              subject: input.subject,
              status: 'open',
              priority: input.priority,
              assigneeId,
              slaTier: input.slaTier ?? null,
            },
          },
        });
        if (assigneeId) {
          await notifyAssignee(tx, deps, member, { id, number, subject: input.subject, assigneeId });
        }
        await deps.sla.refresh(tx, member.tenantId, id, deps.now());
        return id;
      });
      return details(member, id);
    },

    /** The side panel; 412 when the version is stale. */
    async update(member: Member, id: string, input: UpdateTicketValues): Promise<TicketDetails> {
      const before = await existing(member, id);
      const { version, ...edit } = input;
      if (edit.assigneeId !== undefined && edit.assigneeId !== before.assignedAgentId) {
        await checkAssignment(db, member, edit.assigneeId);
      }
      await db.transaction((tx) => applyTicketEdit(tx, deps, { member, before, edit, version }));
      return details(member, id);
    },

    /**
     * A reply or an internal note (issue 21 status rules): the first reply sets the first response,
     * a note never does; `status`, when sent, is set with the message under the same rules.
     */
    async addMessage(
      member: Member,
      id: string,
      input: CreateTicketMessageValues,
    ): Promise<TicketMessageResult> {
      const { body, html } = messageContent(input);
      const message = await db.transaction(async (tx) => {
        const before = await repository.lock(tx, member.tenantId, id);
        if (!before) throw notFound('Ticket');
        const now = deps.now();
        const authorKind = 'agent' as const;
        const changes: TicketChanges = {};
        const firstRespondedAt = firstResponseAfter(
          before.firstRespondedAt,
          { authorKind, internal: input.internal },
          now,
        );
        if (firstRespondedAt !== before.firstRespondedAt) changes.firstRespondedAt = firstRespondedAt;
        const statusChanged = input.status !== undefined && input.status !== before.status;
        if (statusChanged) Object.assign(changes, ticketStatusChange(before, input.status!, now));
        const uploads = await storedFilesRepository.uploadedBy(
          tx,
          member.tenantId,
          member.userId,
          input.attachmentIds,
        );
        const attached = await storedFilesRepository.attach(tx, member.tenantId, input.attachmentIds);
        if (uploads.length !== input.attachmentIds.length || attached !== uploads.length) {
          throw new AppError('unprocessable', 'An attached file was not found; attach it again', {
            attachmentIds: 'Attach the file again',
          });
        }
        // A reply goes to the customer as email, with its files; a note never leaves.
        const email = input.internal
          ? undefined
          : await emailReply(tx, deps, {
              tenantId: member.tenantId,
              ticket: before,
              agentName: member.name,
              body,
              html,
              attachments: uploads.map((file) => ({
                name: file.fileName,
                storageKey: file.storageKey,
                contentType: file.contentType,
              })),
            });
        const row = await repository.insertMessage(tx, member.tenantId, {
          ticketId: id,
          authorUserId: member.userId,
          authorName: member.name,
          authorKind,
          body,
          html,
          internal: input.internal,
          createdAt: now,
          emailMessageId: email?.emailMessageId ?? null,
          outboxId: email?.outbox.id ?? null,
          attachments: uploads.map((file) => ({
            name: file.fileName,
            sizeBytes: file.sizeBytes,
            storageKey: file.storageKey,
          })),
        });
        // A message moves the ticket in the "updated" sort, and its version, even when nothing else changes.
        await repository.update(tx, { tenantId: member.tenantId, id, version: undefined, changes });
        await deps.sla.refresh(tx, member.tenantId, id, now);
        if (changes.status === 'resolved') {
          await deps.satisfaction.requestRating(tx, {
            tenantId: member.tenantId,
            ticketId: id,
            agentId: before.assignedAgentId,
          });
        }
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: input.internal ? 'noted' : 'replied',
          entityType: 'ticket',
          entityId: id,
          summary: input.internal
            ? `added an internal note to ticket ${ticketTitle(before)}`
            : `replied to ticket ${ticketTitle(before)}`,
          data: {
            number: before.number,
            messageId: row.id,
            internal: input.internal,
            ...(statusChanged ? { before: { status: before.status }, after: { status: input.status } } : {}),
          },
        });
        const outbox = email?.outbox;
        const delivery: TicketMessageRow['delivery'] = outbox
          ? outbox.transport === 'outbox'
            ? 'outbox'
            : outbox.status
          : null;
        return { ...row, delivery };
      });
      const ticket = await existing(member, id);
      return { message: toTicketMessage(message), ticket: toTicketSummary(ticket, deps.now()) };
    },
  };
}
