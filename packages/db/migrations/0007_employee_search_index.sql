DROP INDEX "employees_email_trgm_idx";--> statement-breakpoint
DROP INDEX "employees_job_title_trgm_idx";--> statement-breakpoint
DROP INDEX "employees_code_trgm_idx";--> statement-breakpoint
CREATE INDEX "employees_search_trgm_idx" ON "employees" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "job_title" || ' ' || "employee_code") gin_trgm_ops);--> statement-breakpoint
-- The planner reads how many rows a search word matches from the new expression's statistics.
ANALYZE "employees";