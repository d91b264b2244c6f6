import type pg from 'pg';

/**
 * Platform records the profile cannot seed: they belong to the signed-in user, whose account the
 * server makes at its first start. Written once per database, straight into PostgreSQL.
 */
export async function prefillPlatformRecords(client: pg.Client, who: { tenantId: string; userId: string }) {
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from notifications where tenant_id = $1 and user_id = $2',
    [who.tenantId, who.userId],
  );
  if (rows[0]!.n > 0) return;
  // Two years of a busy member's bell: one every ten minutes, a third of them unread.
  await client.query(
    `insert into notifications (tenant_id, user_id, type, title, body, entity_type, entity_id, link, read_at, created_at)
     select $1, $2, 'task_assigned', 'Task ' || g || ' was assigned to you', 'Project work', 'task',
       gen_random_uuid(), '/projects/kanban', case when g % 3 = 0 then null else now() end,
       now() - g * interval '10 minutes'
     from generate_series(1, 100000) g`,
    [who.tenantId, who.userId],
  );
  // A week of the workspace's finished background jobs, as the Background jobs view lists them.
  await client.query(
    `insert into pgboss.job (name, data, state, created_on, started_on, completed_on)
     select 'notifications.email', jsonb_build_object('tenantId', $1::text), 'completed',
       now() - g * interval '30 seconds', now() - g * interval '30 seconds', now() - g * interval '30 seconds'
     from generate_series(1, 20000) g`,
    [who.tenantId],
  );
}
