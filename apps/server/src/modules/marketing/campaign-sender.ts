import { failuresToPause, retryDelaySeconds, sendAttempts } from '@atrium/shared';
import nodemailer from 'nodemailer';
import type { Tx } from '@atrium/db';
import { prepareCampaign, type PreparedCampaign } from './campaign-render';
import type { MarketingDeps } from './marketing-deps';
import { suppressionsRepository } from './suppressions.repository';
import { audienceOf, sendingRepository as repository, type ClaimedSend } from './sending.repository';

const runQueue = 'marketing.campaign-send';
const startQueue = 'marketing.campaign-start';

type RunData = { tenantId: string; campaignId: string };
type StartData = RunData & { at: string };

/** A run sends for this long, then hands over to a fresh run (a job never runs for long). */
const runSeconds = 20;
/** The most messages claimed at once; fewer at a low rate, so a batch takes about two seconds. */
const largestBatch = 50;
/** SMTP connections each process keeps open for campaign mail. */
const connections = 5;

type Outcome =
  | { status: 'sent' }
  | { status: 'queued'; retryInSeconds: number; error: string }
  | { status: 'failed' | 'bounced'; error: string };

/** What the mail server's refusal means for the message: try again later, or never. */
function outcomeOf(error: unknown, attempts: number): Outcome {
  const { responseCode, message } = error as { responseCode?: number; message?: string };
  const reason = (message ?? String(error)).slice(0, 500);
  if (responseCode !== undefined && responseCode >= 500) return { status: 'bounced', error: reason };
  // 4xx, or no answer at all (the server down, the connection lost): temporary.
  if (attempts >= sendAttempts) return { status: 'failed', error: reason };
  return { status: 'queued', retryInSeconds: retryDelaySeconds(attempts), error: reason };
}

const sleepUntil = (at: number) => {
  const wait = at - Date.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
};

/**
 * Sends email campaigns (issue 23, ADR 034). Starting a campaign makes one send per recipient;
 * runs (jobs, on any server process) then claim batches of them, wait for the workspace's rate
 * slots, hand each message to the SMTP pool and write its outcome as soon as the server answers.
 */
export function createCampaignSender(deps: MarketingDeps) {
  const { db, jobs, log, tokens } = deps;
  const claimSeconds = deps.claimSeconds;
  const pool = deps.smtpUrl
    ? nodemailer.createTransport({
        url: deps.smtpUrl,
        pool: true,
        maxConnections: connections,
        maxMessages: 1000,
      })
    : undefined;

  const enqueueRun = (data: RunData, options: { tx?: Tx; startAfter?: Date } = {}) =>
    jobs.enqueue(runQueue, data, { ...options, singletonKey: data.campaignId });

  /** The campaign's sends, made in the caller's transaction, and the first run queued with them. */
  async function start(tx: Tx, tenantId: string, campaignId: string, timeZone: string) {
    const rules = await repository.segmentRules(tx, tenantId, campaignId);
    const made = await repository.createSends(tx, tenantId, campaignId, audienceOf(rules, { timeZone }));
    await repository.sampleSends(tx);
    await repository.setCampaign(tx, tenantId, campaignId, {
      status: 'active',
      sendingStartedAt: deps.now(),
      completedAt: null,
      pausedReason: null,
      failureStreak: 0,
      recipients: made.queued + made.suppressed,
    });
    await enqueueRun({ tenantId, campaignId }, { tx });
    return made;
  }

  function messageFor(
    prepared: PreparedCampaign,
    send: ClaimedSend,
    context: { tenantId: string; campaignId: string; slug: string; trackPeople: boolean },
  ) {
    const { publicUrl, inboundDomain } = deps;
    const token = tokens.sign({ kind: 'send', tenantId: context.tenantId, id: send.id });
    const trackingToken = context.trackPeople
      ? token
      : tokens.sign({ kind: 'campaign', tenantId: context.tenantId, id: context.campaignId });
    const unsubscribeUrl = `${publicUrl}/m/u/${token}`;
    const bounceAddress = `${context.slug}+${tokens.bounceTag(send.id)}@${inboundDomain}`;
    const rendered = prepared.render(
      {
        firstName: send.firstName,
        lastName: send.lastName,
        email: send.email,
        company: send.company,
        jobTitle: send.jobTitle,
      },
      {
        unsubscribeUrl,
        pixelUrl: `${publicUrl}/m/o/${trackingToken}`,
        trackedLink: (index) => `${publicUrl}/m/c/${trackingToken}/${index}`,
      },
    );
    return {
      to: send.email,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      messageId: `<${send.id}@${inboundDomain}>`,
      // Bounces come back to this address, which names the send (the help desk's inbound mail).
      envelope: { from: bounceAddress, to: send.email },
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${bounceAddress}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  async function run({ tenantId, campaignId }: RunData) {
    // Another process, one with the SMTP server, takes it on a retry.
    if (!pool) throw new Error('This process has no SMTP_URL to send campaigns with');
    const began = Date.now();
    const campaign = await repository.campaign(db, tenantId, campaignId);
    if (!campaign?.content || campaign.status !== 'active') return;
    const [workspace, settings] = await Promise.all([
      repository.workspace(db, tenantId),
      repository.settings(db, tenantId),
    ]);
    const prepared = await prepareCampaign(campaign.content, {
      workspaceName: workspace.name,
      postalAddress: settings.postalAddress,
    });
    const from = {
      name: campaign.fromName ?? settings.fromName ?? workspace.name,
      address: campaign.fromEmail ?? settings.fromEmail ?? deps.defaultFromAddress,
    };
    const context = { tenantId, campaignId, slug: workspace.slug, trackPeople: settings.trackPeople };
    const batchSize = settings.sendRatePerSecond
      ? Math.max(1, Math.min(largestBatch, settings.sendRatePerSecond * 2))
      : largestBatch;
    let streak = campaign.failureStreak;
    await repository.giveUpExpiredClaims(db, tenantId, campaignId);

    while (Date.now() - began < runSeconds * 1000) {
      const current = await repository.campaign(db, tenantId, campaignId);
      if (current?.status !== 'active') break;
      const batch = await repository.claim(db, tenantId, campaignId, batchSize, claimSeconds);
      if (batch.length === 0) break;
      const suppressed = await repository.dropSuppressed(
        db,
        tenantId,
        batch.map((send) => send.id),
      );
      const due = batch.filter((send) => !suppressed.has(send.id));
      const slots = due.length > 0 ? await repository.bookSlots(db, tenantId, due.length) : null;
      const deliver = async (send: ClaimedSend, index: number) => {
        if (slots) await sleepUntil(slots.start.getTime() + (index * 1000) / slots.rate);
        const handed = await repository.handOver(db, tenantId, campaignId, send.id);
        if (!handed) return;
        let outcome: Outcome;
        try {
          await pool.sendMail({ from, ...messageFor(prepared, send, context) });
          outcome = { status: 'sent' };
          deps.deliveries?.sent();
        } catch (error) {
          outcome = outcomeOf(error, handed.attempts);
          deps.deliveries?.failed();
          log.warn({ err: error, campaignId, sendId: send.id }, 'campaign message refused');
        }
        streak = outcome.status === 'sent' ? 0 : streak + 1;
        await repository.settle(db, tenantId, send.id, outcome);
        if (outcome.status === 'bounced') {
          // A 5xx is a hard bounce: the address gets no campaign again.
          await suppressionsRepository.suppress(db, {
            tenantId,
            email: send.email,
            reason: 'hard-bounce',
            campaignId,
            detail: outcome.error,
          });
        }
      };
      // One message per pool connection at a time: a message is handed over only when a connection
      // is free for it, so a stop leaves at most that many in doubt.
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(connections, due.length) }, async () => {
          // Enough failures in a row: the rest waits for the owner (pauseForFailures below).
          while (next < due.length && streak < failuresToPause) {
            const index = next++;
            await deliver(due[index]!, index);
          }
        }),
      );
      await repository.releaseClaims(
        db,
        tenantId,
        due.map((send) => send.id),
      );
      await repository.refreshCounters(db, tenantId, campaignId, streak);
      if (streak >= failuresToPause) {
        await pauseForFailures(tenantId, campaignId, streak);
        return;
      }
    }
    await repository.refreshCounters(db, tenantId, campaignId, streak);
    await finishOrContinue(tenantId, campaignId);
  }

  /** Too many failures in a row: the server is down or refuses the sender; the owner decides. */
  async function pauseForFailures(tenantId: string, campaignId: string, streak: number) {
    await db.transaction(async (tx) => {
      const campaign = await repository.lockCampaign(tx, tenantId, campaignId);
      if (campaign?.status !== 'active') return;
      await repository.setCampaign(tx, tenantId, campaignId, {
        status: 'paused',
        pausedReason: `The mail server refused ${streak} messages in a row; check the SMTP server, then resume`,
      });
      await deps.notifier.notify({
        tx,
        tenantId,
        actor: { userId: null, name: 'Atrium' },
        recipients: { employees: [campaign.createdBy] },
        kind: 'campaign_paused',
        record: { type: 'campaign', id: campaignId, link: `/marketing/campaigns/${campaignId}` },
        title: `“${campaign.name}” paused: the mail server refused ${streak} messages in a row`,
      });
    });
  }

  /** Every send settled: the campaign is complete. Otherwise the next run, when work comes due. */
  async function finishOrContinue(tenantId: string, campaignId: string) {
    const nextDue = await db.transaction(async (tx) => {
      const campaign = await repository.lockCampaign(tx, tenantId, campaignId);
      if (campaign?.status !== 'active') return null;
      const counts = await repository.counts(tx, tenantId, campaignId);
      if (!counts.queued && !counts.sending) {
        await repository.setCampaign(tx, tenantId, campaignId, {
          status: 'completed',
          completedAt: deps.now(),
        });
        return null;
      }
      return (await repository.nextDue(tx, tenantId, campaignId)) ?? new Date();
    });
    if (nextDue) await enqueueRun({ tenantId, campaignId }, { startAfter: nextDue });
  }

  jobs.register<RunData>(runQueue, run, {
    label: 'Send an email campaign',
    // A run is short (runSeconds); one that outlives its claims' lease was on a stopped process.
    expireInSeconds: Math.max(claimSeconds, runSeconds * 3),
    retryLimit: 10,
    retryDelaySeconds: 5,
  });
  jobs.register<StartData>(
    startQueue,
    async ({ tenantId, campaignId, at }) => {
      await db.transaction(async (tx) => {
        const campaign = await repository.lockCampaign(tx, tenantId, campaignId);
        // Rescheduled or unscheduled since: that job is not this one.
        if (campaign?.status !== 'scheduled' || campaign.startsAt?.toISOString() !== at) return;
        const workspace = await repository.workspace(tx, tenantId);
        await start(tx, tenantId, campaignId, workspace.timeZone);
      });
    },
    { label: 'Start a scheduled email campaign' },
  );

  return {
    start,
    /** The scheduled start, queued in the caller's transaction. */
    schedule: (tx: Tx, data: RunData, at: Date) =>
      jobs.enqueue(startQueue, { ...data, at: at.toISOString() }, { tx, startAfter: at }),
    /** Another run (resumed, or unconfirmed messages queued again). */
    enqueueRun,
    /** Campaigns that were sending when the last process stopped go on at once. */
    async resumeInterrupted() {
      if (!pool) return;
      for (const campaign of await repository.activeCampaigns(db)) await enqueueRun(campaign);
    },
    sendingEnabled: pool !== undefined,
    /** Ends the SMTP pool's connections (after the jobs stopped). */
    close: () => pool?.close(),
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
