ALTER TABLE "projects" ADD COLUMN "task_count" integer;--> statement-breakpoint
CREATE INDEX "employees_deleted_idx" ON "employees" USING btree ("tenant_id","deleted_at","created_at");--> statement-breakpoint
CREATE INDEX "projects_created_order_idx" ON "projects" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_status_due_date_idx" ON "tasks" USING btree ("tenant_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "tickets_resolved_idx" ON "tickets" USING btree ("tenant_id","resolved_at","status","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_status_change_idx" ON "activity_log" USING btree ("tenant_id","entity_type","occurred_at") WHERE ("activity_log"."data" -> 'before' ->> 'status') is not null;--> statement-breakpoint
-- Hand-added: count the tasks of the projects that exist already.
UPDATE "projects" p SET "task_count" = (SELECT count(*) FROM "tasks" t WHERE t."tenant_id" = p."tenant_id" AND t."project_id" = p."id");
