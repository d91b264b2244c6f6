import PgBoss from 'pg-boss';

/**
 * The SQL that creates pg-boss's schema as this version of pg-boss makes it on start (jobs.ts uses
 * the default schema name): a restore builds the schema with it to put the backed-up jobs back.
 */
export const jobsSchemaSql = (): string => PgBoss.getConstructionPlans('pgboss');
