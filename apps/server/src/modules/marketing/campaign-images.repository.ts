import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { campaigns, campaignImages, storedFiles } = schema;

export const campaignImagesRepository = {
  /** The campaign's type and whether it exists in the workspace. */
  async campaignType(db: Db, tenantId: string, campaignId: string) {
    const [row] = await db
      .select({ type: campaigns.type })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
    return row?.type;
  },

  async insert(db: Db, row: { tenantId: string; fileId: string; campaignId: string }): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.insert(campaignImages).values(row);
      // Kept from the night's clean-up of uploads nothing uses: mail shows it.
      await tx
        .update(storedFiles)
        .set({ unattachedSince: null })
        .where(and(eq(storedFiles.tenantId, row.tenantId), eq(storedFiles.id, row.fileId)));
    });
  },

  /** Only files uploaded as campaign images: any other file of a workspace stays private. */
  async image(db: Db, fileId: string) {
    const [row] = await db
      .select({
        storageKey: storedFiles.storageKey,
        contentType: storedFiles.contentType,
        sizeBytes: storedFiles.sizeBytes,
      })
      .from(campaignImages)
      .innerJoin(
        storedFiles,
        and(eq(storedFiles.tenantId, campaignImages.tenantId), eq(storedFiles.id, campaignImages.fileId)),
      )
      .where(eq(campaignImages.fileId, fileId));
    return row;
  },
};
