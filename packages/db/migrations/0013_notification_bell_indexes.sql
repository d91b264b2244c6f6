-- Issue 19: the bell reads a member's notifications in the keyset order, and counts only unread ones.
DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "notifications_bell_idx" ON "notifications" USING btree ("tenant_id","user_id","created_at","id") WHERE "notifications"."in_app";--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("tenant_id","user_id") WHERE "notifications"."in_app" and "notifications"."read_at" is null;