// The tag box of the project and task forms (components/ui/tag-input.tsx).

/** Splits what was typed into a tag box at commas: "a, b," gives ["a", "b"] and an empty rest. */
export function splitTags(text: string): { tags: string[]; rest: string } {
  const parts = text.split(',');
  const rest = parts.pop() ?? '';
  return { tags: parts.map((part) => part.trim()).filter((part) => part !== ''), rest };
}

/** Adds tags at the end, keeping the order and dropping repeats (case-insensitive, like people read them). */
export function addTags(current: readonly string[], added: readonly string[]): string[] {
  const next = [...current];
  const seen = new Set(current.map((tag) => tag.toLowerCase()));
  for (const tag of added) {
    const key = tag.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      next.push(tag);
    }
  }
  return next;
}
