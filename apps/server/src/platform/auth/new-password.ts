import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordSchema } from '@atrium/shared';

let commonPasswords: Set<string> | undefined;

/**
 * ASVS 6.2.4: a new password must not be one that attackers try first. zxcvbn's list holds the
 * ~49,000 most used passwords, all lower case; it is loaded on first use, not at start-up.
 */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}

/** A password being set (sign-up, a new account from an invitation, a change): the shared rule, and not common. */
export const newPasswordSchema = passwordSchema.refine(
  (password) => !isCommonPassword(password),
  'This password is too common; choose one that is harder to guess',
);
