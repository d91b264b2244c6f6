DROP INDEX "tasks_status_idx";--> statement-breakpoint
CREATE INDEX "projects_name_order_idx" ON "projects" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "tasks_priority_idx" ON "tasks" USING btree ("tenant_id","priority","id");--> statement-breakpoint
CREATE INDEX "tasks_title_order_idx" ON "tasks" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "tasks_hours_idx" ON "tasks" USING btree ("tenant_id",coalesce("actual_hours", "estimated_hours"),"id");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("tenant_id","status","id");