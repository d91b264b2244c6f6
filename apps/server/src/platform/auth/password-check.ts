import { APIError } from 'better-auth/api';
import type { Db } from '@atrium/db';
import { isDemoEmail } from '@atrium/shared';
import { AppError, forbidden } from '../errors/app-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { membershipRepository } from './membership.repository';

/** The 11th wrong password for one account within a minute is refused with 429 (issue 3). */
export const signInLimits = {
  perAccount: { name: 'sign-in:account', max: 10, windowSeconds: 60 },
  perAddress: { name: 'sign-in:address', max: 100, windowSeconds: 60 },
} as const;

/** One message whether the email exists or not, so that it reveals no account. */
const wrongCredentials = () => new AppError('unauthenticated', 'The email or password is incorrect');

/** Who is trying a password, and from where. */
export type PasswordAttempt = { email: string; address: string };

/**
 * The one door every password goes through (issue 17): sign-in, changing a password, and any route
 * that takes one later. Around the auth library's own check it counts attempts per account and per
 * address, keeps the demo accounts shut when DEMO_LOGINS=false, and turns away a person whose every
 * membership was deactivated (ending any session the check just started).
 *
 * `verify` is the library call that checks the password; the library answers a wrong one with a 400
 * or 401 error, which becomes the one wrong-credentials answer.
 */
export function createPasswordCheck(deps: { db: Db; rateLimiter: RateLimiter; demoLoginsEnabled: boolean }) {
  const { db, rateLimiter } = deps;
  return async function checkPassword<Result extends { user: { id: string } }>(
    attempt: PasswordAttempt,
    verify: () => Promise<Result>,
  ): Promise<Result> {
    const account = attempt.email.trim().toLowerCase();
    await rateLimiter.hit(signInLimits.perAddress, attempt.address);
    await rateLimiter.check(signInLimits.perAccount, account);
    if (!deps.demoLoginsEnabled && isDemoEmail(account)) throw wrongCredentials();
    let result: Result;
    try {
      result = await verify();
    } catch (error) {
      if (error instanceof APIError && (error.statusCode === 400 || error.statusCode === 401)) {
        await rateLimiter.hit(signInLimits.perAccount, account);
        throw wrongCredentials();
      }
      // Only the right password hears this; the library has just mailed a new link.
      if (error instanceof APIError && error.body?.code === 'EMAIL_NOT_VERIFIED') {
        throw forbidden('Confirm your email address first: we have sent you a new link');
      }
      throw error;
    }
    if ((await membershipRepository.listActive(db, result.user.id)).length === 0) {
      // Deactivated everywhere: the records stay, the door closes (issue 3).
      await membershipRepository.deleteSessionsOf(db, result.user.id);
      throw forbidden('This account has been deactivated; ask your workspace admin');
    }
    await rateLimiter.reset(signInLimits.perAccount, account);
    return result;
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
