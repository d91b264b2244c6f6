-- Issue 21: an upload not yet attached to a message is known as such, and removed after a day.
ALTER TABLE "stored_files" ADD COLUMN "unattached_since" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "stored_files_unattached_idx" ON "stored_files" USING btree ("unattached_since") WHERE "stored_files"."unattached_since" is not null;