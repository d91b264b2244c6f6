-- Issue 22: the help centre's readable article addresses, views and votes per visitor, article images, deflections, satisfaction ratings and the help centre's settings.
CREATE TABLE "ticket_ratings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"agent_id" uuid,
	"score" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ticket_ratings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ticket_ratings_score_check" CHECK ("ticket_ratings"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "knowledge_article_images" (
	"tenant_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "knowledge_article_images_tenant_id_article_id_file_id_pk" PRIMARY KEY("tenant_id","article_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_article_views" (
	"tenant_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "knowledge_article_views_tenant_id_article_id_day_visitor_pk" PRIMARY KEY("tenant_id","article_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "knowledge_article_votes" (
	"tenant_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"helpful" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_article_votes_tenant_id_article_id_visitor_pk" PRIMARY KEY("tenant_id","article_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "knowledge_deflections" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"customer_user_id" uuid,
	"query" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "knowledge_deflections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "helpdesk_settings" ADD COLUMN "help_centre_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesk_settings" ADD COLUMN "customer_sign_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesk_settings" ADD COLUMN "review_after_months" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing articles get their title's words; a repeated one is told apart by its order of writing.
UPDATE "knowledge_articles" AS a SET "slug" = numbered.slug
FROM (
  SELECT "tenant_id", "id", CASE WHEN row_number() OVER w = 1 THEN base ELSE base || '-' || row_number() OVER w END AS slug
  FROM (
    SELECT "tenant_id", "id", "created_at",
      coalesce(nullif(left(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), 80), ''), 'article') AS base
    FROM "knowledge_articles"
  ) AS words
  WINDOW w AS (PARTITION BY "tenant_id", base ORDER BY "created_at", "id")
) AS numbered
WHERE a."tenant_id" = numbered."tenant_id" AND a."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "knowledge_articles" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD COLUMN "review_reminded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_ticket_id_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_agent_id_fk" FOREIGN KEY ("tenant_id","agent_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_images" ADD CONSTRAINT "knowledge_article_images_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_images" ADD CONSTRAINT "knowledge_article_images_article_id_fk" FOREIGN KEY ("tenant_id","article_id") REFERENCES "public"."knowledge_articles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_images" ADD CONSTRAINT "knowledge_article_images_file_id_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."stored_files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_views" ADD CONSTRAINT "knowledge_article_views_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_views" ADD CONSTRAINT "knowledge_article_views_article_id_fk" FOREIGN KEY ("tenant_id","article_id") REFERENCES "public"."knowledge_articles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_votes" ADD CONSTRAINT "knowledge_article_votes_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_votes" ADD CONSTRAINT "knowledge_article_votes_article_id_fk" FOREIGN KEY ("tenant_id","article_id") REFERENCES "public"."knowledge_articles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_deflections" ADD CONSTRAINT "knowledge_deflections_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_deflections" ADD CONSTRAINT "knowledge_deflections_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_deflections" ADD CONSTRAINT "knowledge_deflections_article_id_fk" FOREIGN KEY ("tenant_id","article_id") REFERENCES "public"."knowledge_articles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_ratings_ticket_idx" ON "ticket_ratings" USING btree ("tenant_id","ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_ratings_answered_idx" ON "ticket_ratings" USING btree ("tenant_id","answered_at") WHERE "ticket_ratings"."answered_at" is not null;--> statement-breakpoint
CREATE INDEX "knowledge_article_images_file_idx" ON "knowledge_article_images" USING btree ("tenant_id","file_id");--> statement-breakpoint
CREATE INDEX "knowledge_article_views_day_idx" ON "knowledge_article_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "knowledge_deflections_created_idx" ON "knowledge_deflections" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_articles_popular_idx" ON "knowledge_articles" USING btree ("tenant_id","views") WHERE "knowledge_articles"."status" = 'published' and "knowledge_articles"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "knowledge_articles_review_idx" ON "knowledge_articles" USING btree ("tenant_id","last_reviewed_at") WHERE "knowledge_articles"."status" = 'published';--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_slug_unique" UNIQUE("tenant_id","slug");--> statement-breakpoint
ALTER TABLE "helpdesk_settings" ADD CONSTRAINT "helpdesk_settings_review_check" CHECK ("helpdesk_settings"."review_after_months" between 1 and 36);