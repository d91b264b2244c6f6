import {
  campaignSendStatuses,
  type CampaignActionInput,
  type CampaignPreview,
  type CampaignProgress,
  type CampaignStatus,
  type PreviewCampaignInput,
  type SendCampaignInput,
  type TestCampaignInput,
} from '@atrium/shared';
import type { Tx } from '@atrium/db';
import type { Member } from '../../platform/auth/member-context';
import { conflict, notFound, staleVersion, unprocessable } from '../../platform/errors/app-error';
import { createCampaignSender } from './campaign-sender';
import { prepareCampaign, type MergeLead } from './campaign-render';
import type { MarketingDeps } from './marketing-deps';
import { sendingRepository as repository, type SendingCampaign } from './sending.repository';

/** Merge tags of a preview or a test with no lead chosen. */
const samplePerson = (email: string): MergeLead => ({
  firstName: 'Alex',
  lastName: 'Sample',
  email,
  company: 'Sample Company',
  jobTitle: 'Head of Sampling',
});

const statusWords: Record<CampaignStatus, string> = {
  draft: 'a draft',
  scheduled: 'scheduled',
  active: 'sending',
  paused: 'paused',
  completed: 'completed',
};

/**
 * Sending email campaigns (issue 23): now or at a set time, pause, resume, cancel, send again what
 * a stopped process left unconfirmed; a preview and a test message; the progress. The work itself
 * is campaign-sender.ts's.
 */
export function createSendingService(deps: MarketingDeps) {
  const { db } = deps;
  const sender = createCampaignSender(deps);

  /** The campaign locked for a status change: found, an email campaign, the version the screen had. */
  async function lockForChange(tx: Tx, member: Member, id: string, version: number) {
    const campaign = await repository.lockCampaign(tx, member.tenantId, id);
    if (!campaign) throw notFound('Campaign');
    if (campaign.type !== 'email') {
      throw conflict('Only email campaigns are sent from Atrium; record the results of this one by hand');
    }
    if (campaign.version !== version) throw staleVersion();
    return campaign;
  }

  const requireStatus = (campaign: SendingCampaign, allowed: CampaignStatus[], action: string) => {
    if (!allowed.includes(campaign.status)) {
      throw conflict(`The campaign is ${statusWords[campaign.status]}: it cannot be ${action}`);
    }
  };

  async function progress(member: Member, id: string): Promise<CampaignProgress> {
    const campaign = await repository.campaign(db, member.tenantId, id);
    if (!campaign) throw notFound('Campaign');
    const counts = await repository.counts(db, member.tenantId, id);
    return {
      campaignId: id,
      status: campaign.status,
      version: campaign.version,
      counts: Object.fromEntries(
        campaignSendStatuses.map((status) => [status, counts[status] ?? 0]),
      ) as Record<(typeof campaignSendStatuses)[number], number>,
      recipients: campaign.recipients,
      sent: campaign.sent,
      startsAt: campaign.startsAt?.toISOString() ?? null,
      sendingStartedAt: campaign.sendingStartedAt?.toISOString() ?? null,
      completedAt: campaign.completedAt?.toISOString() ?? null,
      pausedReason: campaign.pausedReason,
    };
  }

  async function frameOf(tenantId: string) {
    const [workspace, settings] = await Promise.all([
      repository.workspace(db, tenantId),
      repository.settings(db, tenantId),
    ]);
    return { workspaceName: workspace.name, postalAddress: settings.postalAddress };
  }

  /** The campaign as one lead (or a sample person) receives it, with links as written. */
  async function render(member: Member, id: string, leadId: string | undefined) {
    const campaign = await repository.campaign(db, member.tenantId, id);
    if (!campaign) throw notFound('Campaign');
    if (!campaign.content) throw unprocessable('Write the message first', { content: 'Write the message' });
    const lead = leadId ? await repository.lead(db, member.tenantId, leadId) : undefined;
    if (leadId && !lead) throw unprocessable('That lead does not exist', { leadId: 'Choose a lead' });
    const person = lead ?? samplePerson(member.email);
    const prepared = await prepareCampaign(campaign.content, await frameOf(member.tenantId));
    const message = prepared.render(person, {
      unsubscribeUrl: `${deps.publicUrl}/m/u/preview`,
      pixelUrl: null,
      trackedLink: null,
    });
    return { campaign, message, lead: lead ?? null, person };
  }

  return {
    progress,
    resumeInterrupted: sender.resumeInterrupted,
    close: sender.close,

    async preview(member: Member, id: string, input: PreviewCampaignInput): Promise<CampaignPreview> {
      const { message, lead, person } = await render(member, id, input.leadId);
      return {
        subject: message.subject,
        html: message.html,
        text: message.text,
        lead: { id: lead?.id ?? null, name: `${person.firstName} ${person.lastName}`, email: person.email },
      };
    },

    /** A test goes through the ordinary mailer (outbox and SMTP) to the member, marked as a test. */
    async sendTest(member: Member, id: string, input: TestCampaignInput): Promise<void> {
      const { message } = await render(member, id, input.leadId);
      await deps.mailer.send({
        tenantId: member.tenantId,
        to: input.to ?? member.email,
        subject: `[Test] ${message.subject}`.slice(0, 300),
        text: message.text,
        html: message.html,
      });
    },

    async send(member: Member, id: string, input: SendCampaignInput): Promise<CampaignProgress> {
      if (!sender.sendingEnabled) {
        throw conflict('Campaigns need an SMTP server to send through: set SMTP_URL and restart');
      }
      const scheduleAt = input.scheduleAt ? new Date(input.scheduleAt) : undefined;
      if (scheduleAt && scheduleAt.getTime() < deps.now().getTime()) {
        throw unprocessable('Choose a time still to come', { scheduleAt: 'Choose a time still to come' });
      }
      const campaign = await repository.campaign(db, member.tenantId, id);
      if (!campaign) throw notFound('Campaign');
      if (!campaign.content) throw unprocessable('Write the message first', { content: 'Write the message' });
      // The message must render (merge tags, links) before anyone is queued.
      await prepareCampaign(campaign.content, await frameOf(member.tenantId));
      const rules = await repository.segmentRules(db, member.tenantId, id);
      if (rules.length === 0) {
        throw unprocessable('Choose who receives it', { segmentIds: 'Choose at least one segment' });
      }
      await db.transaction(async (tx) => {
        const locked = await lockForChange(tx, member, id, input.version);
        requireStatus(locked, ['draft', 'scheduled'], 'sent');
        if (scheduleAt) {
          await repository.setCampaign(tx, member.tenantId, id, {
            status: 'scheduled',
            startsAt: scheduleAt,
          });
          await sender.schedule(tx, { tenantId: member.tenantId, campaignId: id }, scheduleAt);
        } else {
          await sender.start(tx, member.tenantId, id, member.timeZone);
        }
      });
      return progress(member, id);
    },

    async pause(member: Member, id: string, input: CampaignActionInput): Promise<CampaignProgress> {
      await db.transaction(async (tx) => {
        requireStatus(await lockForChange(tx, member, id, input.version), ['active'], 'paused');
        await repository.setCampaign(tx, member.tenantId, id, { status: 'paused', pausedReason: null });
      });
      return progress(member, id);
    },

    async resume(member: Member, id: string, input: CampaignActionInput): Promise<CampaignProgress> {
      await db.transaction(async (tx) => {
        requireStatus(await lockForChange(tx, member, id, input.version), ['paused'], 'resumed');
        await repository.setCampaign(tx, member.tenantId, id, {
          status: 'active',
          pausedReason: null,
          failureStreak: 0,
        });
        await sender.enqueueRun({ tenantId: member.tenantId, campaignId: id }, { tx });
      });
      return progress(member, id);
    },

    /** A scheduled campaign goes back to draft; a sending one stops, its unsent messages cancelled. */
    async cancel(member: Member, id: string, input: CampaignActionInput): Promise<CampaignProgress> {
      await db.transaction(async (tx) => {
        const campaign = await lockForChange(tx, member, id, input.version);
        requireStatus(campaign, ['scheduled', 'active', 'paused'], 'cancelled');
        if (campaign.status === 'scheduled') {
          await repository.setCampaign(tx, member.tenantId, id, { status: 'draft', startsAt: null });
          return;
        }
        await repository.cancelQueued(tx, member.tenantId, id);
        await repository.setCampaign(tx, member.tenantId, id, {
          status: 'completed',
          completedAt: deps.now(),
          pausedReason: null,
        });
      });
      return progress(member, id);
    },

    /** The owner's choice: the messages a stopped process may or may not have handed over go again. */
    async resendUnconfirmed(
      member: Member,
      id: string,
      input: CampaignActionInput,
    ): Promise<CampaignProgress> {
      await db.transaction(async (tx) => {
        const campaign = await lockForChange(tx, member, id, input.version);
        requireStatus(campaign, ['active', 'paused', 'completed'], 'sent again');
        const queued = await repository.requeueUnconfirmed(tx, member.tenantId, id);
        if (queued === 0) throw conflict('No message of this campaign is unconfirmed');
        if (campaign.status === 'completed') {
          await repository.setCampaign(tx, member.tenantId, id, { status: 'active', completedAt: null });
        }
        if (campaign.status !== 'paused') {
          await sender.enqueueRun({ tenantId: member.tenantId, campaignId: id }, { tx });
        }
      });
      return progress(member, id);
    },
  };
}

export type SendingService = ReturnType<typeof createSendingService>;
