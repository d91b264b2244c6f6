ALTER TABLE "tasks" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "subtask_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "subtask_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counts are kept by the database for every writer (the service, the seed's bulk loads,
-- cascades). Statement triggers with transition tables: one UPDATE per statement, not per row.
-- A task's rows are changed by one summed delta per statement; zero deltas write nothing.
CREATE FUNCTION "count_task_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "tasks" t SET "comment_count" = t."comment_count" + d.n
    FROM (SELECT "tenant_id", "task_id", count(*)::int AS n FROM new_rows GROUP BY 1, 2) d
    WHERE t."tenant_id" = d."tenant_id" AND t."id" = d."task_id";
  ELSE
    UPDATE "tasks" t SET "comment_count" = t."comment_count" - d.n
    FROM (SELECT "tenant_id", "task_id", count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
    WHERE t."tenant_id" = d."tenant_id" AND t."id" = d."task_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "task_comments_count_insert" AFTER INSERT ON "task_comments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_task_comments"();
--> statement-breakpoint
CREATE TRIGGER "task_comments_count_delete" AFTER DELETE ON "task_comments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_task_comments"();
--> statement-breakpoint
CREATE FUNCTION "count_subtasks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "tasks" t SET "subtask_total" = t."subtask_total" + d.total, "subtask_done" = t."subtask_done" + d.done
    FROM (
      SELECT "tenant_id", "task_id", count(*)::int AS total, count(*) FILTER (WHERE "completed")::int AS done
      FROM new_rows GROUP BY 1, 2
    ) d
    WHERE t."tenant_id" = d."tenant_id" AND t."id" = d."task_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "tasks" t SET "subtask_total" = t."subtask_total" - d.total, "subtask_done" = t."subtask_done" - d.done
    FROM (
      SELECT "tenant_id", "task_id", count(*)::int AS total, count(*) FILTER (WHERE "completed")::int AS done
      FROM old_rows GROUP BY 1, 2
    ) d
    WHERE t."tenant_id" = d."tenant_id" AND t."id" = d."task_id";
  ELSE
    UPDATE "tasks" t SET "subtask_total" = t."subtask_total" + d.total, "subtask_done" = t."subtask_done" + d.done
    FROM (
      SELECT "tenant_id", "task_id", sum(n)::int AS total, sum(done)::int AS done
      FROM (
        SELECT "tenant_id", "task_id", 1 AS n, "completed"::int AS done FROM new_rows
        UNION ALL
        SELECT "tenant_id", "task_id", -1, -"completed"::int FROM old_rows
      ) changed
      GROUP BY 1, 2
      HAVING sum(n) <> 0 OR sum(done) <> 0
    ) d
    WHERE t."tenant_id" = d."tenant_id" AND t."id" = d."task_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subtasks_count_insert" AFTER INSERT ON "subtasks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_subtasks"();
--> statement-breakpoint
CREATE TRIGGER "subtasks_count_update" AFTER UPDATE ON "subtasks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_subtasks"();
--> statement-breakpoint
CREATE TRIGGER "subtasks_count_delete" AFTER DELETE ON "subtasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_subtasks"();
--> statement-breakpoint
-- Tasks written before the columns existed.
UPDATE "tasks" t SET "comment_count" = c.n
FROM (SELECT "tenant_id", "task_id", count(*)::int AS n FROM "task_comments" GROUP BY 1, 2) c
WHERE t."tenant_id" = c."tenant_id" AND t."id" = c."task_id";
--> statement-breakpoint
UPDATE "tasks" t SET "subtask_total" = s.total, "subtask_done" = s.done
FROM (
  SELECT "tenant_id", "task_id", count(*)::int AS total, count(*) FILTER (WHERE "completed")::int AS done
  FROM "subtasks" GROUP BY 1, 2
) s
WHERE t."tenant_id" = s."tenant_id" AND t."id" = s."task_id";
