import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { preparedPerDatabase, schema, type Db } from '@atrium/db';
import { workspaceMembership } from '../auth/membership.repository';

const { apiTokens, users, memberships, workspaces, employees } = schema;

/**
 * Everything a bearer request needs in one statement: the token by its hash, its owner, and the
 * owner's membership of the token's workspace as it is now (role, status), with the workspace's
 * settings and the owner's employee record there.
 */
const tokenMemberStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: { id: users.id, name: users.name, email: users.email },
      membership: workspaceMembership,
      membershipStatus: memberships.status,
      employeeId: employees.id,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(workspaces, eq(workspaces.id, apiTokens.tenantId))
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, apiTokens.tenantId), eq(memberships.userId, apiTokens.userId)),
    )
    .leftJoin(
      employees,
      and(eq(employees.tenantId, apiTokens.tenantId), eq(employees.userId, apiTokens.userId)),
    )
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('api_token_member'),
);

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  scopes: apiTokens.scopes,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  createdAt: apiTokens.createdAt,
  owner: { userId: users.id, name: users.name, email: users.email },
};

export type ApiTokenRow = Awaited<ReturnType<typeof apiTokensRepository.list>>[number];

export const apiTokensRepository = {
  async findByHash(db: Db, tokenHash: string) {
    const [row] = await tokenMemberStatement(db).execute({ tokenHash });
    return row;
  },
  /** Notes a use, at most once a minute per token: requests do not each write. */
  async touch(db: Db, id: string, minutes: number) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.id, id),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, sql`now() - make_interval(mins => ${minutes})`),
          ),
        ),
      );
  },
  async insert(
    db: Db,
    values: {
      tenantId: string;
      userId: string;
      name: string;
      tokenHash: string;
      prefix: string;
      scopes: string[];
      expiresAt: Date | null;
    },
  ) {
    const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
    return row!.id;
  },
  /** The workspace's tokens not revoked, newest first; one owner's when `userId` is given. */
  list(db: Db, tenantId: string, userId: string | null, id?: string) {
    return db
      .select(listed)
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(
        and(
          eq(apiTokens.tenantId, tenantId),
          isNull(apiTokens.revokedAt),
          userId ? eq(apiTokens.userId, userId) : undefined,
          id ? eq(apiTokens.id, id) : undefined,
        ),
      )
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  },
  /** Revokes a token not yet revoked; one owner's only when `userId` is given. False when none was. */
  async revoke(db: Db, tenantId: string, id: string, userId: string | null) {
    const rows = await db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.tenantId, tenantId),
          eq(apiTokens.id, id),
          isNull(apiTokens.revokedAt),
          userId ? eq(apiTokens.userId, userId) : undefined,
        ),
      )
      .returning({ id: apiTokens.id });
    return rows.length > 0;
  },
};
