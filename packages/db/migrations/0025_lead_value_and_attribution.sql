-- Issue 23: a lead's value and the date it became a customer; the campaign its value counts for. Customers from before have their last change as that date.
ALTER TABLE "leads" ADD COLUMN "value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "converted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "attributed_campaign_id" uuid;--> statement-breakpoint
CREATE INDEX "leads_attributed_campaign_idx" ON "leads" USING btree ("tenant_id","attributed_campaign_id") WHERE "leads"."attributed_campaign_id" is not null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_value_check" CHECK ("leads"."value" >= 0);--> statement-breakpoint
UPDATE "leads" SET "converted_at" = "updated_at" WHERE "status" = 'customer';
