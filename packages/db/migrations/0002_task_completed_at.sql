ALTER TABLE "tasks" ADD COLUMN "completed_at" timestamp (3) with time zone;--> statement-breakpoint
-- Done tasks written before the column existed: their last change is the best record of when they
-- were finished (the activity log's entries carry no status for older rows).
UPDATE "tasks" SET "completed_at" = "updated_at" WHERE "status" = 'done';
