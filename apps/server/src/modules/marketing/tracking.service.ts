import { isbot } from 'isbot';
import { scannerWindowSeconds, type CampaignContent } from '@atrium/shared';
import { campaignLinkTargets, type MergeLead } from './campaign-render';
import type { TokenSubject } from './campaign-tokens';
import type { MarketingDeps } from './marketing-deps';
import { trackingRepository as repository } from './tracking.repository';

/** Stored user agents are cut here: they are shown, never parsed again. */
const userAgentLength = 500;

/**
 * Whom a link is merged for when nobody is recorded (per-person tracking off): no one, so merge
 * tags in it fill in empty rather than reaching the browser as written.
 */
const nobody: MergeLead = { firstName: '', lastName: '', email: '', company: null, jobTitle: null };

/**
 * Only web addresses are followed: a merge that made anything else leads nowhere. Written as the
 * URL standard writes it, so a merged name with accents travels percent-encoded in Location.
 */
function webAddress(link: string | undefined): string | null {
  if (!link || !/^https?:\/\//i.test(link)) return null;
  try {
    return new URL(link).href;
  } catch {
    return null;
  }
}

/** The links of a campaign's message as written (merge tags unmerged), in message order. */
export async function campaignLinks(content: CampaignContent): Promise<string[]> {
  // Without compiling the message (MJML): cheap enough for every click.
  return campaignLinkTargets(content);
}

/**
 * Where each link of the message leads for one lead, numbered as the sender numbers them (the i
 * of /m/c/<token>/i); '' where the merge made no web or mail address.
 */
async function linkTargets(content: CampaignContent, lead: MergeLead): Promise<string[]> {
  return campaignLinkTargets(content, lead);
}

/**
 * Opens and clicks of campaign mail (issue 23), from the pixel and the rewritten links. Every hit
 * with a genuine token is recorded; only human ones count, and with a send's token each recipient
 * opens and clicks once. Hits from bots and link scanners are flagged: a known bot's user agent, or
 * a hit so soon after the message went out that no person could have read it.
 */
export function createTrackingService(deps: MarketingDeps) {
  const { db, tokens, now, log } = deps;

  const botHit = (userAgent: string | undefined, sentAt: Date | null, at: Date) =>
    isbot(userAgent) || (sentAt !== null && at.getTime() - sentAt.getTime() < scannerWindowSeconds * 1000);

  const storedAgent = (userAgent: string | undefined) => userAgent?.slice(0, userAgentLength) || null;

  async function recordOpen(token: string, userAgent: string | undefined): Promise<void> {
    const subject = tokens.read(token);
    if (!subject) return;
    const at = now();
    const { tenantId } = subject;
    if (subject.kind === 'send') {
      const send = await repository.send(db, tenantId, subject.id);
      if (!send) return;
      const bot = botHit(userAgent, send.sentAt, at);
      await db.transaction(async (tx) => {
        await repository.record(tx, {
          tenantId,
          campaignId: send.campaignId,
          sendId: subject.id,
          kind: 'open',
          linkIndex: null,
          url: null,
          bot,
          userAgent: storedAgent(userAgent),
          occurredAt: at,
        });
        if (!bot) await repository.countFirst(tx, tenantId, subject.id, 'open', at);
      });
      return;
    }
    if (!(await repository.campaignContent(db, tenantId, subject.id))) return;
    const bot = botHit(userAgent, null, at);
    await db.transaction(async (tx) => {
      await repository.record(tx, {
        tenantId,
        campaignId: subject.id,
        sendId: null,
        kind: 'open',
        linkIndex: null,
        url: null,
        bot,
        userAgent: storedAgent(userAgent),
        occurredAt: at,
      });
      if (!bot) await repository.countHit(tx, tenantId, subject.id, 'open');
    });
  }

  /** What a link's token names: one send's message to its lead, or the campaign's for nobody. */
  async function clickedMessage(subject: TokenSubject) {
    const { tenantId, id } = subject;
    if (subject.kind === 'send') {
      const send = await repository.sendWithContent(db, tenantId, id);
      return send && { ...send, sendId: id };
    }
    const campaign = await repository.campaignContent(db, tenantId, id);
    return (
      campaign && { campaignId: id, sendId: null, sentAt: null, content: campaign.content, lead: nobody }
    );
  }

  return {
    /**
     * The pixel was loaded. Nothing is said back, not even a failure: a bad token looks like a good
     * one, and a reader's image is never broken because the open could not be stored.
     */
    async open(token: string, userAgent: string | undefined): Promise<void> {
      try {
        await recordOpen(token, userAgent);
      } catch (error) {
        log.error({ err: error }, 'campaign tracking: an open could not be recorded');
      }
    },

    /**
     * Link `index` of the message was followed: where it leads, or null (a 404) when the token or
     * the index names nothing, so the route can never send anyone elsewhere.
     */
    async click(token: string, index: number, userAgent: string | undefined): Promise<string | null> {
      const subject = tokens.read(token);
      if (!subject) return null;
      const at = now();
      const { tenantId } = subject;
      const message = await clickedMessage(subject);
      if (!message?.content) return null;
      const url = webAddress((await linkTargets(message.content, message.lead))[index]);
      if (!url) return null;

      const { campaignId, sendId } = message;
      const bot = botHit(userAgent, message.sentAt, at);
      await db.transaction(async (tx) => {
        await repository.record(tx, {
          tenantId,
          campaignId,
          sendId,
          kind: 'click',
          linkIndex: index,
          url,
          bot,
          userAgent: storedAgent(userAgent),
          occurredAt: at,
        });
        if (bot) return;
        if (sendId) {
          // Images are often blocked: a click is also the recipient's open when none was seen.
          await repository.countFirst(tx, tenantId, sendId, 'open', at);
          await repository.countFirst(tx, tenantId, sendId, 'click', at);
        } else {
          await repository.countHit(tx, tenantId, campaignId, 'click');
        }
      });
      return url;
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
