import type { MarketingSettings, MarketingSettingsValues } from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { staleVersion } from '../../platform/errors/app-error';
import type { MarketingDeps } from './marketing-deps';
import { marketingSettingsRepository as repository } from './marketing-settings.repository';

/** The workspace's marketing settings (issue 23): sending rate, per-person tracking, sender, postal address. */
export function createMarketingSettingsService(deps: MarketingDeps) {
  const { db } = deps;
  return {
    get(member: Member): Promise<MarketingSettings> {
      return repository.get(db, member.tenantId);
    },

    /** 412 when the version is stale. */
    async save(member: Member, input: MarketingSettingsValues): Promise<MarketingSettings> {
      const saved = await db.transaction((tx) => repository.save(tx, member.tenantId, input));
      if (!saved) throw staleVersion();
      return saved;
    },
  };
}

export type MarketingSettingsService = ReturnType<typeof createMarketingSettingsService>;
