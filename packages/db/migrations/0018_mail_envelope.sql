-- Issue 21: outgoing mail keeps its threading headers, reply address, sender name and attachments.
ALTER TABLE "mail_outbox" ADD COLUMN "envelope" jsonb;