import type { BulkLoader } from './bulk-load';
import type { SeedCounts } from './profiles';
import type { Random } from './random';

/** What every module generator gets: the workspace, the volumes, the randomness and the loader. */
export type SeedRun = {
  tenantId: string;
  counts: SeedCounts;
  random: Random;
  loader: BulkLoader;
};

/** The people the other modules assign, organize and mention. */
export type Person = {
  id: string;
  name: string;
  department: string;
  active: boolean;
};

export type People = {
  all: Person[];
  /** Active employees: the ones who get assigned work. */
  active: Person[];
  /** Employees with reports; project managers and reviewers come from here. */
  managers: Person[];
  /** Active employees of a department, falling back to all active ones. */
  inDepartment(department: string): Person[];
};

/** Timestamps of a row created `daysAgo` days before now and not edited since. */
export function stamps(random: Random, daysAgo: number) {
  const at = random.daysFromNow(-daysAgo);
  return { createdAt: at, updatedAt: at };
}

/** Rows of each parent's children, produced one parent at a time so memory stays bounded. */
export function* expand<T, R>(parents: Iterable<T>, children: (parent: T) => R[]): Generator<R> {
  for (const parent of parents) yield* children(parent);
}

export const sum = <T>(items: readonly T[], count: (item: T) => number) =>
  items.reduce((total, item) => total + count(item), 0);
