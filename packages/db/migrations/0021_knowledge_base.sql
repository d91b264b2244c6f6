-- Issue 22: the knowledge base's categories (two levels, ordered), article visibility, revisions,
-- full-text search (a weighted tsvector the database keeps, ADR 029) and the searches that found nothing.
CREATE TYPE "public"."knowledge_article_visibility" AS ENUM('public', 'internal');--> statement-breakpoint
CREATE TABLE "knowledge_article_revisions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"author_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "knowledge_article_revisions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "knowledge_article_revisions_number_unique" UNIQUE("tenant_id","article_id","number")
);
--> statement-breakpoint
CREATE TABLE "knowledge_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "knowledge_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "knowledge_categories_name_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "knowledge_search_misses" (
	"tenant_id" uuid NOT NULL,
	"query" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_searched_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_search_misses_tenant_id_query_pk" PRIMARY KEY("tenant_id","query")
);
--> statement-breakpoint
DROP INDEX "knowledge_articles_status_category_idx";--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD COLUMN "content_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD COLUMN "visibility" "knowledge_article_visibility" DEFAULT 'internal' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, summary), 'B') || setweight(to_tsvector('simple'::regconfig, content_text), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_article_revisions" ADD CONSTRAINT "knowledge_article_revisions_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_revisions" ADD CONSTRAINT "knowledge_article_revisions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_revisions" ADD CONSTRAINT "knowledge_article_revisions_article_id_fk" FOREIGN KEY ("tenant_id","article_id") REFERENCES "public"."knowledge_articles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_categories" ADD CONSTRAINT "knowledge_categories_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_categories" ADD CONSTRAINT "knowledge_categories_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."knowledge_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_search_misses" ADD CONSTRAINT "knowledge_search_misses_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_search_misses_count_idx" ON "knowledge_search_misses" USING btree ("tenant_id","count");--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."knowledge_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_articles_search_idx" ON "knowledge_articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_articles_category_updated_idx" ON "knowledge_articles" USING btree ("tenant_id","category_id","updated_at");--> statement-breakpoint
CREATE INDEX "knowledge_articles_updated_idx" ON "knowledge_articles" USING btree ("tenant_id","updated_at");--> statement-breakpoint
-- Existing articles keep their category (now a row of knowledge_categories), their text (now html,
-- a paragraph per blank-line-separated block) and get their first revision.
INSERT INTO "knowledge_categories" ("tenant_id", "name", "position")
SELECT "tenant_id", "category", (row_number() OVER (PARTITION BY "tenant_id" ORDER BY "category"))::int - 1
FROM (SELECT DISTINCT "tenant_id", "category" FROM "knowledge_articles") c;--> statement-breakpoint
UPDATE "knowledge_articles" a SET
  "category_id" = c."id",
  "content_text" = a."content",
  "content" = '<p>' || replace(replace(replace(replace(a."content", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n\n', '</p><p>') || '</p>'
FROM "knowledge_categories" c
WHERE c."tenant_id" = a."tenant_id" AND c."parent_id" IS NULL AND c."name" = a."category";--> statement-breakpoint
INSERT INTO "knowledge_article_revisions" ("tenant_id", "article_id", "number", "title", "summary", "content", "created_at")
SELECT "tenant_id", "id", 1, "title", "summary", "content", "updated_at" FROM "knowledge_articles";--> statement-breakpoint
ALTER TABLE "knowledge_articles" DROP COLUMN "category";--> statement-breakpoint
ANALYZE "knowledge_articles";