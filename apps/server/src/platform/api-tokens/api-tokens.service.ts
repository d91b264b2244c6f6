import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@atrium/db';
import {
  actions,
  allows,
  apiTokenMarker,
  type Action,
  type ApiToken,
  type CreatedApiToken,
  type CreateApiTokenInput,
  createApiTokenSchema,
} from '@atrium/shared';
import { memberIn, type Member } from '../auth/member-context';
import { AppError, forbidden, notFound } from '../errors/app-error';
import { apiTokensRepository, type ApiTokenRow } from './api-tokens.repository';

/** A token's last use is noted at most this often, so a busy integration does not write per request. */
const lastUseResolutionMinutes = 1;
const knownActions = new Set<string>(actions);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidToken = (message: string) => new AppError('unauthenticated', message);

function view(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter((scope): scope is Action => knownActions.has(scope)),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    owner: row.owner,
  };
}

/** Admins see and revoke every token of the workspace; everyone else only their own. */
const ownerFilter = (member: Member) => (allows(member, 'members:manage') ? null : member.userId);

/** API tokens (issue 19): made in Settings, shown once, kept only as a SHA-256 hash. */
export function createApiTokensService({ db }: { db: Db }) {
  return {
    /**
     * The member a bearer token stands for: its owner, in the token's workspace, with the owner's
     * role as it is now and the token's scopes. 401 for an unknown, revoked or expired token; 403
     * when the owner's membership was deactivated.
     */
    async authenticate(token: string): Promise<Member> {
      if (!token.startsWith(apiTokenMarker)) throw invalidToken('The API token is not valid');
      const row = await apiTokensRepository.findByHash(db, hashOf(token));
      if (!row || row.revokedAt) throw invalidToken('The API token is not valid or was revoked');
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now())
        throw invalidToken('The API token has expired');
      if (row.membershipStatus !== 'active')
        throw forbidden('Your access to this workspace has been deactivated');
      const lastUsed = row.lastUsedAt?.getTime() ?? 0;
      if (Date.now() - lastUsed >= lastUseResolutionMinutes * 60_000) {
        await apiTokensRepository.touch(db, row.id, lastUseResolutionMinutes);
      }
      const scopes = new Set(row.scopes.filter((scope): scope is Action => knownActions.has(scope)));
      return memberIn(row.membership, {
        user: row.user,
        sessionId: `api-token:${row.id}`,
        employeeId: row.employeeId,
        workspaces: [row.membership],
        apiToken: { id: row.id, scopes },
      });
    },

    async list(member: Member): Promise<ApiToken[]> {
      const rows = await apiTokensRepository.list(db, member.tenantId, ownerFilter(member));
      return rows.map(view);
    },

    /** Scopes are a subset of what the creator holds now; the token itself is answered this once. */
    async create(member: Member, body: CreateApiTokenInput): Promise<CreatedApiToken> {
      const input = createApiTokenSchema.parse(body);
      const beyond = input.scopes.filter((scope) => !allows(member, scope));
      if (beyond.length > 0) {
        throw new AppError(
          'unprocessable',
          `A token can only have permissions you hold yourself; you do not hold ${beyond.join(', ')}`,
          { scopes: `Not yours to give: ${beyond.join(', ')}` },
        );
      }
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw new AppError('validation_failed', 'Some fields are not valid', {
          expiresAt: 'Choose a time in the future',
        });
      }
      const token = apiTokenMarker + randomBytes(32).toString('base64url');
      const id = await apiTokensRepository.insert(db, {
        tenantId: member.tenantId,
        userId: member.userId,
        name: input.name,
        tokenHash: hashOf(token),
        prefix: token.slice(0, apiTokenMarker.length + 6),
        scopes: input.scopes,
        expiresAt,
      });
      const [row] = await apiTokensRepository.list(db, member.tenantId, member.userId, id);
      return { token, apiToken: view(row!) };
    },

    /** Another member's token is a 404 to anyone but an Admin, as is a token already revoked. */
    async revoke(member: Member, id: string) {
      if (!(await apiTokensRepository.revoke(db, member.tenantId, id, ownerFilter(member)))) {
        throw notFound('API token');
      }
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
