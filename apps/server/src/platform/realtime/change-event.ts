import { z } from 'zod';

/** The one NOTIFY channel every process LISTENs on; the payload names the workspace. */
export const changeChannel = 'atrium_changes';

/**
 * What a committed activity entry announces. Deliberately no summary or data: the payload travels to
 * every process, and members learn only that something changed, then refetch through the
 * permission-checked API.
 */
export const changeEventSchema = z.object({
  tenantId: z.uuid(),
  id: z.uuid(),
  // Bounded so a payload stays far below NOTIFY's 8000-byte limit (ours are about 250 bytes).
  entityType: z.string().min(1).max(100),
  entityId: z.uuid(),
  action: z.string().min(1).max(100),
  occurredAt: z.iso.datetime({ offset: true }),
});

export type ChangeEvent = z.infer<typeof changeEventSchema>;

export function parseChangePayload(payload: string): ChangeEvent | null {
  try {
    const parsed = changeEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
