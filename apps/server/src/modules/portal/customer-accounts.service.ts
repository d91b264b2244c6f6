import type { Db } from '@atrium/db';
import {
  customerListLimit,
  type CustomerAccount,
  type CustomerList,
  type CustomerListQuery,
  type CustomerSignUpResult,
  type Invitation,
} from '@atrium/shared';
import type { Auth } from '../../platform/auth/auth';
import { membershipRepository } from '../../platform/auth/membership.repository';
import type { Member } from '../../platform/auth/member-context';
import { notFound } from '../../platform/errors/app-error';
import type { MembersService } from '../members';
import { customerAccountsRepository as repository } from './customer-accounts.repository';

export type CustomerAccountsDeps = {
  db: Db;
  auth: Auth;
  /** Customers are invited like any member, with the Customer role: one invitation mechanism. */
  members: Pick<MembersService, 'invite'>;
};

/** Where a confirmed customer lands. */
const portalPath = '/helpdesk/portal';

/**
 * Customer accounts (issue 22): the help desk's customer list, invitations sent by agents, and
 * self sign-up on the help centre where the workspace allows it.
 */
export function createCustomerAccountsService(deps: CustomerAccountsDeps) {
  const { db, auth } = deps;

  return {
    /** Accounts and open invitations, by email; a search narrows both. The portal preview picks from it too. */
    async list(member: Member, query: CustomerListQuery): Promise<CustomerList> {
      const [accounts, invitations] = await Promise.all([
        repository.accounts(db, member.tenantId, query.q, customerListLimit + 1),
        repository.pendingInvitations(db, member.tenantId, query.q, new Date(), customerListLimit + 1),
      ]);
      const rows: CustomerAccount[] = [
        ...accounts.map((row) => ({
          id: row.id,
          kind: 'account' as const,
          userId: row.userId,
          name: row.name,
          email: row.email,
          status: row.status,
          emailVerified: row.emailVerified,
          date: row.date.toISOString(),
        })),
        ...invitations.map((row) => ({
          id: row.id,
          kind: 'invitation' as const,
          userId: null,
          name: null,
          email: row.email,
          status: 'invited' as const,
          emailVerified: false,
          date: row.date.toISOString(),
        })),
      ].sort((a, b) => a.email.localeCompare(b.email));
      return { data: rows.slice(0, customerListLimit), more: rows.length > customerListLimit };
    },

    /** The members' invitation with the Customer role; accepting it links their earlier tickets. */
    invite(
      member: Member,
      input: { email: string; name: string },
      workspaceName: string,
    ): Promise<Invitation> {
      return deps.members.invite(member, { ...input, role: 'customer' }, workspaceName);
    },

    /**
     * Self sign-up on the help centre (404 where the workspace does not take sign-ups). The answer is
     * the same whether or not the address has an account, and never a session: the account starts
     * from the confirmation link, and its earlier tickets become its own once the address is proven.
     */
    async signUp(input: { workspaceSlug: string; name: string; email: string; password: string }) {
      const workspace = await repository.signUpWorkspace(db, input.workspaceSlug);
      if (!workspace) throw notFound('Help centre');
      const answer: CustomerSignUpResult = { confirmEmail: input.email };
      if (await repository.userExists(db, input.email)) return answer;
      const { user } = await auth.api.signUpEmail({
        body: { name: input.name, email: input.email, password: input.password, callbackURL: portalPath },
      });
      try {
        await repository.addCustomer(db, workspace.id, user.id);
      } catch (error) {
        // Without its membership the account would be unusable: undo it so the person can retry.
        await repository.deleteUser(db, user.id);
        throw error;
      }
      // Where addresses are not confirmed (no mail server) the auth library opened a session: the
      // visitor never gets it, so it goes.
      await membershipRepository.deleteSessionsOf(db, user.id);
      await auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: portalPath } });
      return answer;
    },
  };
}

export type CustomerAccountsService = ReturnType<typeof createCustomerAccountsService>;
