// Seeded randomness and reference-date arithmetic for the generator. Everything derives from one
// Faker instance (never the global one) and `now`, so the same inputs give the same rows.
import { Faker, base, en } from '@faker-js/faker';
import type { Range } from './profiles';

const dayMs = 86_400_000;

export type Random = ReturnType<typeof createRandom>;

export function createRandom(seed: number, now: Date) {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  const int = (min: number, max: number) => faker.number.int({ min, max });
  return {
    faker,
    now,
    int,
    inRange: ([min, max]: Range) => int(min, max),
    /** A number in [min, max] with `digits` decimals. */
    float: (min: number, max: number, digits = 2) => faker.number.float({ min, max, fractionDigits: digits }),
    chance: (probability: number) => faker.datatype.boolean({ probability }),
    pick: <T>(items: readonly T[]): T => faker.helpers.arrayElement(items),
    /** Picks by weight: [[value, weight], ...]. */
    weighted: <T>(entries: readonly (readonly [T, number])[]): T =>
      faker.helpers.weightedArrayElement(entries.map(([value, weight]) => ({ value, weight }))),
    /** `count` distinct items (fewer if there are fewer); cheap for large lists and small counts. */
    sample<T>(items: readonly T[], count: number): T[] {
      if (count >= items.length) return faker.helpers.shuffle([...items]);
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(int(0, items.length - 1));
      return [...chosen].map((i) => items[i] as T);
    },
    uuid: () => faker.string.uuid(),
    /** `now` shifted by days (may be fractional, negative = past). */
    daysFromNow: (days: number) => new Date(now.getTime() + days * dayMs),
    /** Midnight UTC `days` from now's day, plus minutes. */
    dayAt: (days: number, minutes = 0) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days) + minutes * 60_000),
  };
}

export const addHours = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);

export const minDate = (a: Date, b: Date) => (a < b ? a : b);

/** YYYY-MM-DD (UTC) for date columns. */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
