/** An emptied optional box reads as null (no value), not as '' the server would refuse. */
export const emptyAsNull = (value: unknown) => (value === '' || value === null ? null : value);

/** An emptied optional number box reads as null, not as 0 or NaN. */
export const emptyAsNullNumber = (value: unknown) => (value === '' || value === null ? null : Number(value));
