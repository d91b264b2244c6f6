import { z } from 'zod';
import { text } from './fields';

/** Query parameters every list endpoint accepts (ARCHITECTURE.md: keyset pagination). */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: text().max(500).optional(),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

/** The shape of every list response; `nextCursor` is null on the last page. */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable(), total: z.number().int().optional() });

export type ListPage<T> = { data: T[]; nextCursor: string | null; total?: number };

/** A whole list in one answer (short lists: members, departments, comments). */
export const dataListSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
