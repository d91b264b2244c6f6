-- Issue 21: mail in and out (inbound mail log, message ids, attachments, customer contacts, IMAP mailboxes), SLA calendars and policies, ticket SLA due times and pauses, teams, macros, help desk settings.
CREATE TYPE "public"."inbound_mail_outcome" AS ENUM('ticket', 'reply', 'ignored', 'failed');--> statement-breakpoint
CREATE TYPE "public"."inbound_mail_source" AS ENUM('smtp', 'imap', 'api');--> statement-breakpoint
CREATE TABLE "business_calendars" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"periods" jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"holiday_country" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "business_calendars_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "business_calendars_name_unique" UNIQUE("tenant_id","name")
);
--> statement-breakpoint
CREATE TABLE "customer_contacts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "customer_contacts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "customer_contacts_email_unique" UNIQUE("tenant_id","email")
);
--> statement-breakpoint
CREATE TABLE "helpdesk_mailboxes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"tls" boolean DEFAULT true NOT NULL,
	"username" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"folder" text DEFAULT 'INBOX' NOT NULL,
	"move_to" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"uid_validity" text,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_polled_at" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "helpdesk_mailboxes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "helpdesk_mailboxes_account_unique" UNIQUE("tenant_id","host","username","folder")
);
--> statement-breakpoint
CREATE TABLE "helpdesk_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"auto_close_after_days" smallint DEFAULT 7 NOT NULL,
	"round_robin_team_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_settings_auto_close_check" CHECK ("helpdesk_settings"."auto_close_after_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "inbound_mail" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"source" "inbound_mail_source" NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"outcome" "inbound_mail_outcome" NOT NULL,
	"reason" text,
	"ticket_id" uuid,
	"size_bytes" integer NOT NULL,
	"raw_storage_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "inbound_mail_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "inbound_mail_message_id_unique" UNIQUE("tenant_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "support_team_members" (
	"tenant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"is_manager" boolean DEFAULT false NOT NULL,
	CONSTRAINT "support_team_members_tenant_id_team_id_employee_id_pk" PRIMARY KEY("tenant_id","team_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "support_teams" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"last_assigned_employee_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "support_teams_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "support_teams_name_unique" UNIQUE("tenant_id","name")
);
--> statement-breakpoint
CREATE TABLE "ticket_macros" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"actions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ticket_macros_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ticket_macros_name_unique" UNIQUE("tenant_id","name")
);
--> statement-breakpoint
ALTER TABLE "sla_levels" ADD COLUMN "calendar_id" uuid;--> statement-breakpoint
ALTER TABLE "sla_levels" ADD COLUMN "pause_statuses" "ticket_status"[] DEFAULT '{pending}' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "quoted_text" text;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "email_message_id" text;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "outbox_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_contact_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_pauses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "business_calendars" ADD CONSTRAINT "business_calendars_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_mailboxes" ADD CONSTRAINT "helpdesk_mailboxes_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_settings" ADD CONSTRAINT "helpdesk_settings_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_settings" ADD CONSTRAINT "helpdesk_settings_round_robin_team_id_fk" FOREIGN KEY ("tenant_id","round_robin_team_id") REFERENCES "public"."support_teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mail" ADD CONSTRAINT "inbound_mail_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mail" ADD CONSTRAINT "inbound_mail_ticket_id_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_team_members" ADD CONSTRAINT "support_team_members_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_team_members" ADD CONSTRAINT "support_team_members_team_id_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."support_teams"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_team_members" ADD CONSTRAINT "support_team_members_employee_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_teams" ADD CONSTRAINT "support_teams_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_macros" ADD CONSTRAINT "ticket_macros_tenant_id_workspaces_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_macros" ADD CONSTRAINT "ticket_macros_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_calendars_default_idx" ON "business_calendars" USING btree ("tenant_id") WHERE "business_calendars"."is_default";--> statement-breakpoint
CREATE INDEX "inbound_mail_ticket_id_idx" ON "inbound_mail" USING btree ("tenant_id","ticket_id");--> statement-breakpoint
CREATE INDEX "inbound_mail_outcome_idx" ON "inbound_mail" USING btree ("tenant_id","outcome","created_at");--> statement-breakpoint
CREATE INDEX "support_team_members_employee_id_idx" ON "support_team_members" USING btree ("tenant_id","employee_id");--> statement-breakpoint
ALTER TABLE "sla_levels" ADD CONSTRAINT "sla_levels_calendar_id_fk" FOREIGN KEY ("tenant_id","calendar_id") REFERENCES "public"."business_calendars"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_contact_id_fk" FOREIGN KEY ("tenant_id","customer_contact_id") REFERENCES "public"."customer_contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_team_id_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."support_teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_levels_calendar_id_idx" ON "sla_levels" USING btree ("tenant_id","calendar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_messages_email_message_id_idx" ON "ticket_messages" USING btree ("tenant_id","email_message_id") WHERE "ticket_messages"."email_message_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_customer_contact_id_idx" ON "tickets" USING btree ("tenant_id","customer_contact_id");--> statement-breakpoint
CREATE INDEX "tickets_team_id_idx" ON "tickets" USING btree ("tenant_id","team_id");--> statement-breakpoint
CREATE INDEX "tickets_first_response_due_idx" ON "tickets" USING btree ("tenant_id","first_response_due_at") WHERE "tickets"."first_response_due_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_resolution_due_idx" ON "tickets" USING btree ("tenant_id","resolution_due_at") WHERE "tickets"."resolution_due_at" is not null;