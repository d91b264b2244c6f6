-- Issue 23: campaigns that send: segments, suppressions, sends, tracked events, marketing settings.
CREATE TABLE "campaign_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"send_id" uuid,
	"kind" text NOT NULL,
	"link_index" smallint,
	"url" text,
	"bot" boolean DEFAULT false NOT NULL,
	"user_agent" text,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_segments" (
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	CONSTRAINT "campaign_segments_tenant_id_campaign_id_segment_id_pk" PRIMARY KEY("tenant_id","campaign_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_sends" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"not_before" timestamp (3) with time zone,
	"claimed_until" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"error" text,
	"opened_at" timestamp (3) with time zone,
	"clicked_at" timestamp (3) with time zone,
	"unsubscribed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "campaign_sends_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "campaign_sends_lead_unique" UNIQUE("tenant_id","campaign_id","lead_id"),
	CONSTRAINT "campaign_sends_status_check" CHECK ("campaign_sends"."status" in ('queued', 'sending', 'sent', 'bounced', 'failed', 'suppressed', 'unconfirmed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"campaign_id" uuid,
	"detail" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "email_suppressions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "email_suppressions_email_unique" UNIQUE("tenant_id","email"),
	CONSTRAINT "email_suppressions_email_lower_check" CHECK ("email_suppressions"."email" = lower("email_suppressions"."email"))
);
--> statement-breakpoint
CREATE TABLE "lead_segments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "lead_segments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"send_rate_per_second" integer DEFAULT 10,
	"track_people" boolean DEFAULT true NOT NULL,
	"from_name" text,
	"from_email" text,
	"postal_address" text DEFAULT '' NOT NULL,
	"next_send_at" timestamp (3) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_settings_rate_check" CHECK ("marketing_settings"."send_rate_per_second" between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "from_email" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipients" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "failure_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sending_started_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "completed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "soft_bounces" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."campaigns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_send_id_fk" FOREIGN KEY ("tenant_id","send_id") REFERENCES "public"."campaign_sends"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_segments" ADD CONSTRAINT "campaign_segments_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_segments" ADD CONSTRAINT "campaign_segments_campaign_id_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."campaigns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_segments" ADD CONSTRAINT "campaign_segments_segment_id_fk" FOREIGN KEY ("tenant_id","segment_id") REFERENCES "public"."lead_segments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_campaign_id_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."campaigns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_lead_id_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_campaign_id_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."campaigns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_segments" ADD CONSTRAINT "lead_segments_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_segments" ADD CONSTRAINT "lead_segments_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_settings" ADD CONSTRAINT "marketing_settings_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_events_send_id_idx" ON "campaign_events" USING btree ("tenant_id","send_id");--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_idx" ON "campaign_events" USING btree ("tenant_id","campaign_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "campaign_segments_segment_id_idx" ON "campaign_segments" USING btree ("tenant_id","segment_id");--> statement-breakpoint
CREATE INDEX "campaign_sends_status_idx" ON "campaign_sends" USING btree ("tenant_id","campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaign_sends_campaign_idx" ON "campaign_sends" USING btree ("tenant_id","campaign_id","id");--> statement-breakpoint
CREATE INDEX "campaign_sends_lead_idx" ON "campaign_sends" USING btree ("tenant_id","lead_id");--> statement-breakpoint
CREATE INDEX "email_suppressions_campaign_id_idx" ON "email_suppressions" USING btree ("tenant_id","campaign_id");--> statement-breakpoint
CREATE INDEX "email_suppressions_created_by_idx" ON "email_suppressions" USING btree ("tenant_id","created_by");--> statement-breakpoint
CREATE INDEX "email_suppressions_created_idx" ON "email_suppressions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lead_segments_created_by_idx" ON "lead_segments" USING btree ("tenant_id","created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_segments_name_idx" ON "lead_segments" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
-- Campaigns are written as blocks now; an earlier message keeps its plain text as one text block.
UPDATE "campaigns" SET "content" = jsonb_build_object(
  'subject', coalesce("content"->>'subject', ''),
  'previewText', coalesce("content"->>'previewText', ''),
  'blocks', jsonb_build_array(jsonb_build_object('type', 'text', 'id', 'b1', 'text', coalesce(nullif("content"->>'textContent', ''), ' '))),
  'text', null
) WHERE "content" IS NOT NULL AND NOT ("content" ? 'blocks');--> statement-breakpoint
-- Audiences were free-text labels; they are segments with rules now (campaign_segments).
ALTER TABLE "campaigns" DROP COLUMN "audience_segments";
