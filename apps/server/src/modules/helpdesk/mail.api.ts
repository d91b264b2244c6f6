import {
  createMailboxSchema,
  helpdeskMailSettingsSchema,
  mailboxListSchema,
  mailboxPollResultSchema,
  mailboxSchema,
  updateMailboxSchema,
  uploadedFileSchema,
  inboundMailListQuerySchema,
  inboundMailListResponseSchema,
  inboundMailResultSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

const file = (description: string, mediaType = 'application/octet-stream') => ({
  description,
  mediaTypes: [mediaType],
});

export const helpdeskMailApi: ApiSection = {
  tag: 'Help desk mail',
  description:
    'Mail in and out of the help desk: a raw message for mail providers’ inbound webhooks, what became of the mail that arrived (failed mail is kept to download and try again), the IMAP mailboxes, the inbound address, and the files that come and go with messages.',
  operations: [
    {
      method: 'post',
      path: '/helpdesk/inbound-mail',
      summary: 'Take a raw email (RFC 5322) into the help desk',
      description:
        'Send the message as it was received, with `Content-Type: message/rfc822`, up to `INBOUND_MAIL_MAX_BYTES`. A reply to a ticket (In-Reply-To / References, or `[#n]` in the subject from its customer) continues it; other mail opens a ticket. Auto-replies and bounces are ignored. The same Message-ID again stores nothing (200, `duplicate: true`); a message that cannot be read is kept as failed.',
      access: 'helpdesk:manage',
      body: file('The raw message', 'message/rfc822'),
      responses: { 200: inboundMailResultSchema, 201: inboundMailResultSchema },
    },
    {
      method: 'get',
      path: '/helpdesk/inbound-mail',
      summary: 'Mail that reached the help desk, newest first, optionally of one outcome',
      access: 'helpdesk:manage',
      query: inboundMailListQuerySchema,
      responses: { 200: inboundMailListResponseSchema },
    },
    {
      method: 'get',
      path: '/helpdesk/inbound-mail/:id/raw',
      summary: 'A failed mail’s raw message',
      access: 'helpdesk:manage',
      responses: { 200: file('The message as received', 'message/rfc822') },
    },
    {
      method: 'post',
      path: '/helpdesk/inbound-mail/:id/retry',
      summary: 'Take a failed mail again',
      description: 'It becomes a ticket or a reply, or fails again. Only a failed mail (409 otherwise).',
      access: 'helpdesk:manage',
      responses: { 200: inboundMailResultSchema },
      errors: [409],
    },
    {
      method: 'get',
      path: '/helpdesk/mailboxes',
      summary: 'The IMAP mailboxes the help desk polls for mail',
      description:
        'Passwords are never answered; they are kept encrypted with a key derived from `AUTH_SECRET`.',
      access: 'helpdesk:manage',
      responses: { 200: mailboxListSchema },
    },
    {
      method: 'post',
      path: '/helpdesk/mailboxes',
      summary: 'Connect an IMAP mailbox',
      description:
        'Polled every minute while enabled: new mail becomes tickets or replies, then is marked read, or moved to `moveTo`. The same server, user and folder twice is 409.',
      access: 'helpdesk:manage',
      body: createMailboxSchema,
      responses: { 201: mailboxSchema },
      errors: [409],
    },
    {
      method: 'patch',
      path: '/helpdesk/mailboxes/:id',
      summary: 'Change a mailbox; a password left out is kept',
      access: 'helpdesk:manage',
      body: updateMailboxSchema,
      responses: { 200: mailboxSchema },
      errors: [409, 412],
    },
    {
      method: 'delete',
      path: '/helpdesk/mailboxes/:id',
      summary: 'Disconnect a mailbox; the mail already taken stays',
      access: 'helpdesk:manage',
      responses: { 204: noContent },
    },
    {
      method: 'post',
      path: '/helpdesk/mailboxes/:id/poll',
      summary: 'Fetch new mail from a mailbox now',
      description: 'Answers what it fetched, or what the server said (`error`), as the mailbox’s last poll.',
      access: 'helpdesk:manage',
      responses: { 200: mailboxPollResultSchema },
    },
    {
      method: 'post',
      path: '/helpdesk/uploads',
      summary: 'Upload a file to attach to a reply or note',
      description:
        'Multipart form data with the file in the field `file`, up to 10 MB. Send its `id` in `attachmentIds` with the message: a reply emails it to the customer as an attachment.',
      access: 'helpdesk:view',
      body: file('The form, with the file in the field `file`', 'multipart/form-data'),
      responses: { 201: uploadedFileSchema },
    },
    {
      method: 'get',
      path: '/helpdesk/mail-settings',
      summary: 'The workspace’s inbound address, and whether this server receives mail for it',
      access: 'helpdesk:view',
      responses: { 200: helpdeskMailSettingsSchema },
    },
    {
      method: 'get',
      path: '/helpdesk/tickets/:id/attachments/:fileId',
      summary: 'A file that came with one of the ticket’s messages',
      access: 'helpdesk:view',
      responses: { 200: file('The file, always as a download') },
    },
  ],
};
