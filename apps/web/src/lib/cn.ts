type ClassValue = string | false | null | undefined;

/** Joins class names, skipping falsy ones (conditional classes without a dependency). */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
