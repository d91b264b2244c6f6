import type { IdSet } from '../../platform/db/id-set';

/**
 * The projects of a workspace a member sees (the shared projectReach and seesProject): all of them,
 * or the listed ones. The projects service answers it; the other modules filter by it.
 */
export type ProjectScope = { tenantId: string; projectIds: IdSet };
