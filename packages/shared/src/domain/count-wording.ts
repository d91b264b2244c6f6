// How a count reads (issue 20 "Wording and numbers"): one place that picks the noun's form with
// the language's plural rules and writes the number with thousands separators, so no screen says
// "1 projects" or "12345 tasks".

/** A noun's forms by plural category: "project" / "projects". */
export type CountNoun = { one: string; other: string };

const locale = 'en';
const pluralRules = new Intl.PluralRules(locale);
const numberFormat = new Intl.NumberFormat(locale);

/** A count with thousands separators: 1,204. */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** The noun's form for a count: "project" for 1, "projects" for 0, 2 or 1,204. */
export function nounFor(value: number, noun: CountNoun): string {
  return pluralRules.select(value) === 'one' ? noun.one : noun.other;
}

/** A count and its noun: "1 project", "0 projects", "1,204 projects". */
export function countOf(value: number, noun: CountNoun): string {
  return `${formatCount(value)} ${nounFor(value, noun)}`;
}
