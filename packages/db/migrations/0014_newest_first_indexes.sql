-- Newest-first lists: ascending indexes, read backwards. PostgreSQL cannot use DESC NULLS LAST for ORDER BY DESC.
DROP INDEX "time_entries_employee_idx";--> statement-breakpoint
DROP INDEX "lead_activities_lead_idx";--> statement-breakpoint
DROP INDEX "activity_log_recent_idx";--> statement-breakpoint
DROP INDEX "api_tokens_user_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_tenant_idx";--> statement-breakpoint
CREATE INDEX "time_entries_employee_idx" ON "time_entries" USING btree ("tenant_id","employee_id","clock_in");--> statement-breakpoint
CREATE INDEX "lead_activities_lead_idx" ON "lead_activities" USING btree ("tenant_id","lead_id","occurred_at");--> statement-breakpoint
CREATE INDEX "activity_log_recent_idx" ON "activity_log" USING btree ("tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_tenant_idx" ON "mail_outbox" USING btree ("tenant_id","created_at");