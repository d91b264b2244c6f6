/** An emptied optional box reads as null (no value), not as '' the server would refuse. */
export const emptyAsNull = (value: unknown) => (value === '' || value === null ? null : value);

const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/**
 * An emptied optional number box reads as null, not as 0. Anything else is read as a number, so "1e"
 * becomes NaN and the schema answers with its message rather than the entry silently turning into
 * "no value". The boxes are text boxes with a decimal keyboard: a number box would hand over "" for
 * "1e".
 */
export const emptyAsNullNumber = (value: unknown) => (isBlank(value) ? null : Number(value));

/** The same for a number whose schema has a default: an emptied box leaves it to the default. */
export const emptyAsUndefinedNumber = (value: unknown) => (isBlank(value) ? undefined : Number(value));
