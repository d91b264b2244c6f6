-- Issue 21: the agent's ticket API: per-workspace ticket numbers, message authors, closed_at, queue and search indexes.
CREATE TYPE "public"."ticket_author_kind" AS ENUM('customer', 'agent', 'system');--> statement-breakpoint
CREATE TABLE "ticket_number_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "tickets_status_idx";--> statement-breakpoint
DROP INDEX "tickets_agent_idx";--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "author_kind" "ticket_author_kind" DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "closed_at" timestamp (3) with time zone;--> statement-breakpoint
-- Existing conversations: notes and messages signed by someone other than the customer are the agents'.
UPDATE "ticket_messages" m SET "author_kind" = 'agent' FROM "tickets" t WHERE t."tenant_id" = m."tenant_id" AND t."id" = m."ticket_id" AND (m."internal" OR m."author_name" <> t."customer_name");--> statement-breakpoint
UPDATE "tickets" SET "closed_at" = coalesce("resolved_at", "updated_at") WHERE "status" = 'closed';--> statement-breakpoint
INSERT INTO "ticket_number_counters" ("tenant_id", "last_number") SELECT "tenant_id", max("number") FROM "tickets" GROUP BY "tenant_id";--> statement-breakpoint
ALTER TABLE "ticket_number_counters" ADD CONSTRAINT "ticket_number_counters_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_messages_body_trgm_idx" ON "ticket_messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_customer_name_trgm_idx" ON "tickets" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_customer_email_trgm_idx" ON "tickets" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_tags_idx" ON "tickets" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_priority_idx" ON "tickets" USING btree ("tenant_id","priority","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_subject_idx" ON "tickets" USING btree ("tenant_id","subject","id");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_agent_idx" ON "tickets" USING btree ("tenant_id","assigned_agent_id","created_at","id");--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_internal_check" CHECK (not "ticket_messages"."internal" or "ticket_messages"."author_kind" = 'agent');