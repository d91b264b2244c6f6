import type { Db } from '@atrium/db';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Logger } from '../../platform/logging/logger';
import type { DeliveryCounter, Mailer } from '../../platform/mail/mailer';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { Notifier } from '../../platform/notifications/notifications.service';
import type { CampaignTokens } from './campaign-tokens';

/** What the marketing services (issue 23) are built from. */
export type MarketingDeps = {
  db: Db;
  jobs: Jobs;
  /** Test emails and notifications; campaigns themselves go through their own SMTP pool. */
  mailer: Mailer;
  notifier: Notifier;
  storage: FileStorage;
  log: Logger;
  tokens: CampaignTokens;
  /** Where the tracking, unsubscribe and image links of a message point. */
  publicUrl: string;
  /** Bounces come back to <slug>+bounce-…@ this domain (the help desk's inbound mail). */
  inboundDomain: string;
  /** Campaigns are sent over this SMTP server; without one they are refused (nothing to send with). */
  smtpUrl: string | undefined;
  /** The sender's address when neither the campaign nor the marketing settings name one (MAIL_FROM). */
  defaultFromAddress: string;
  /**
   * How long a process holds the messages it claimed (CAMPAIGN_CLAIM_SECONDS): after a crash the
   * rest of the campaign goes on at once, its claims are settled this long after they were made.
   */
  claimSeconds: number;
  /** Campaign messages the SMTP server took or refused (metrics). */
  deliveries?: DeliveryCounter;
  now: () => Date;
};
