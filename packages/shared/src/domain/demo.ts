import type { Role } from './enums';

/**
 * The demo workspace's sign-ins, one per role (issue 3). The seed creates the people; the server
 * gives them logins unless DEMO_LOGINS=false; the sign-in page offers them.
 */
export const demoWorkspace = { name: 'Acme Demo', slug: 'acme-demo' } as const;

/** The scale-test sample (`seed --scale large`); the demo sign-ins reach it too, for benchmarks. */
export const largeSampleWorkspace = { name: 'Acme Large', slug: 'acme-large' } as const;

export const demoPassword = 'atrium-demo';

export const demoAccounts: readonly { role: Role; email: string }[] = [
  { role: 'admin', email: 'admin@acme.test' },
  { role: 'manager', email: 'manager@acme.test' },
  { role: 'employee', email: 'employee@acme.test' },
  { role: 'contractor', email: 'contractor@acme.test' },
  { role: 'customer', email: 'customer@acme.test' },
];

/** The demo sign-in of a role; the seed gives these addresses to its people. */
export function demoEmail(role: Role): string {
  return demoAccounts.find((account) => account.role === role)!.email;
}

/** Whether an address is one of the demo sign-ins, which DEMO_LOGINS=false turns off everywhere. */
export function isDemoEmail(email: string): boolean {
  const normalised = email.trim().toLowerCase();
  return demoAccounts.some((account) => account.email === normalised);
}
