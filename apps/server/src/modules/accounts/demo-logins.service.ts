import type { Db } from '@atrium/db';
import { demoAccounts, demoPassword, demoWorkspace, largeSampleWorkspace } from '@atrium/shared';
import type { Auth } from '../../platform/auth/auth';
import { membershipRepository } from '../../platform/auth/membership.repository';
import { accountsRepository } from './accounts.repository';

/** The demo roles' logins in the sample workspaces (DEMO_LOGINS), given or ended at start-up. */
export function createDemoLoginsService({ db, auth }: { db: Db; auth: Auth }) {
  return {
    /** DEMO_LOGINS=false: whatever sessions the demo accounts held from an earlier start end now. */
    async endDemoSessions() {
      await membershipRepository.deleteSessionsOfEmails(
        db,
        demoAccounts.map((account) => account.email),
      );
    },

    /**
     * Gives each demo role its login in every sample workspace that is loaded (idempotent; run at
     * start-up): the demo one, and the large one benchmarks sign in to.
     */
    async ensureDemoLogins(): Promise<number> {
      let created = 0;
      for (const sample of [demoWorkspace, largeSampleWorkspace]) {
        const workspace = await accountsRepository.findWorkspaceBySlug(db, sample.slug);
        if (!workspace) continue;
        for (const account of demoAccounts) {
          const existing = await accountsRepository.findUserByEmail(db, account.email);
          if (existing && (await accountsRepository.hasMembership(db, workspace.id, existing.id))) continue;
          const name = await accountsRepository.personName(db, workspace.id, account.email);
          const userId =
            existing?.id ??
            (
              await auth.api.signUpEmail({
                body: {
                  name: name ?? account.role[0]!.toUpperCase() + account.role.slice(1),
                  email: account.email,
                  password: demoPassword,
                },
              })
            ).user.id;
          // Known addresses of the sample data: nothing to confirm, wherever mail goes.
          if (!existing) await accountsRepository.markEmailVerified(db, userId);
          await db.transaction(async (tx) => {
            await accountsRepository.upsertMembership(tx, {
              tenantId: workspace.id,
              userId,
              role: account.role,
            });
            await accountsRepository.linkExistingPerson(tx, {
              tenantId: workspace.id,
              userId,
              email: account.email,
            });
          });
          created++;
        }
      }
      return created;
    },
  };
}
