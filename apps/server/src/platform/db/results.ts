/** The rows of a raw `db.execute(sql...)` result; both drivers return them as `.rows`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** PostgreSQL's unique_violation (23505) on the named constraint or index, through the driver's wrapping. */
export function violatesUnique(error: unknown, constraint: string): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === undefined || name === constraint;
  }
  return false;
}
