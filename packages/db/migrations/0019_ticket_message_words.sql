-- Issue 21: the queue's search finds a word in a ticket's messages through one GIN index over the
-- ticket's own words, instead of a trigram match over every message and a join back to the tickets.
DROP INDEX "ticket_messages_body_trgm_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "message_words" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
UPDATE "tickets" t SET "message_words" = d.words
FROM (
  SELECT "tenant_id", "ticket_id", strip(to_tsvector('simple', string_agg("body", ' '))) AS words
  FROM "ticket_messages" GROUP BY 1, 2
) d
WHERE t."tenant_id" = d."tenant_id" AND t."id" = d."ticket_id";--> statement-breakpoint
CREATE INDEX "tickets_message_words_idx" ON "tickets" USING gin ("message_words");--> statement-breakpoint
-- Kept by the database for every writer (the services, merges, the seed's bulk loads): new messages
-- add their words; a message moved, edited or deleted has its tickets' words read again. The words
-- are split by the 'simple' configuration (no stemming: a help desk's mail is in any language) and
-- stripped of positions, which the search does not use.
CREATE FUNCTION "ticket_message_words"(tenant uuid, ticket uuid) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT coalesce(strip(to_tsvector('simple', string_agg("body", ' '))), ''::tsvector)
  FROM "ticket_messages" WHERE "tenant_id" = tenant AND "ticket_id" = ticket
$$;
--> statement-breakpoint
CREATE FUNCTION "index_ticket_message_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "tickets" t SET "message_words" = t."message_words" || d.words
    FROM (
      SELECT "tenant_id", "ticket_id", strip(to_tsvector('simple', string_agg("body", ' '))) AS words
      FROM new_rows GROUP BY 1, 2
    ) d
    WHERE t."tenant_id" = d."tenant_id" AND t."id" = d."ticket_id";
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "tickets" t SET "message_words" = "ticket_message_words"(t."tenant_id", t."id")
    FROM (SELECT "tenant_id", "ticket_id" FROM old_rows UNION SELECT "tenant_id", "ticket_id" FROM new_rows) d
    WHERE t."tenant_id" = d."tenant_id" AND t."id" = d."ticket_id";
  ELSE
    UPDATE "tickets" t SET "message_words" = "ticket_message_words"(t."tenant_id", t."id")
    FROM (SELECT DISTINCT "tenant_id", "ticket_id" FROM old_rows) d
    WHERE t."tenant_id" = d."tenant_id" AND t."id" = d."ticket_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_message_words_insert" AFTER INSERT ON "ticket_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "index_ticket_message_words"();
--> statement-breakpoint
CREATE TRIGGER "ticket_message_words_update" AFTER UPDATE ON "ticket_messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "index_ticket_message_words"();
--> statement-breakpoint
CREATE TRIGGER "ticket_message_words_delete" AFTER DELETE ON "ticket_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "index_ticket_message_words"();
--> statement-breakpoint
-- The planner weighs the search by the new column's statistics from the start.
ANALYZE "tickets";
