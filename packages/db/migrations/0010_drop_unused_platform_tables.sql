-- Issue 18: neither table was ever written or read. Idempotent creates are not built yet, and the job
-- service brings pg-boss, which creates its own tables.
DROP TABLE "idempotency_keys" CASCADE;--> statement-breakpoint
DROP TABLE "jobs" CASCADE;