import { eq } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { workspaces, helpdeskSettings } = schema;

export type HelpCentreSiteRow = {
  tenantId: string;
  name: string;
  slug: string;
  logo: string | null;
  timeZone: string;
  helpCentreEnabled: boolean | null;
  customerSignUp: boolean | null;
};

export const helpCentreRepository = {
  /** The workspace with the slug and its help centre settings (null until the settings are saved). */
  async findSite(db: Db, slug: string): Promise<HelpCentreSiteRow | undefined> {
    const [row] = await db
      .select({
        tenantId: workspaces.id,
        name: workspaces.name,
        slug: workspaces.slug,
        logo: workspaces.logo,
        timeZone: workspaces.timeZone,
        helpCentreEnabled: helpdeskSettings.helpCentreEnabled,
        customerSignUp: helpdeskSettings.customerSignUp,
      })
      .from(workspaces)
      .leftJoin(helpdeskSettings, eq(helpdeskSettings.tenantId, workspaces.id))
      .where(eq(workspaces.slug, slug));
    return row;
  },
};
