import { defaultReviewAfterMonths } from '@atrium/shared';
import type { Actor } from '../../platform/activity/activity.service';
import type { KnowledgeDeps } from './knowledge.service';
import { knowledgeRepository } from './knowledge.repository';

export const reviewRemindersQueue = 'knowledge.review-reminders';

/** Reminders taken per transaction; the run goes on until none are due. */
const batchSize = 200;

const reminderActor: Actor = { userId: null, name: 'Knowledge base' };

/** Where the app shows an article to its agents. */
export const articleLink = (id: string) => `/helpdesk/kb/articles/${id}`;

/**
 * Issue 22: a published article not reviewed for the workspace's months (Settings -> Help desk)
 * reminds its author. A daily job marks each due article as reminded and notifies its author in
 * the same transaction, once per overdue period; marking it reviewed starts the count again.
 */
export function registerReviewReminders(
  deps: Pick<KnowledgeDeps, 'db' | 'jobs' | 'notifier' | 'log' | 'now'>,
) {
  const { db, jobs, notifier, log } = deps;
  jobs.register(
    reviewRemindersQueue,
    async () => {
      let reminded = 0;
      for (;;) {
        const taken = await db.transaction(async (tx) => {
          const due = await knowledgeRepository.takeDueReminders(tx, {
            now: deps.now(),
            defaultMonths: defaultReviewAfterMonths,
            limit: batchSize,
          });
          for (const article of due) {
            if (!article.authorId) continue;
            await notifier.notify({
              tx,
              tenantId: article.tenantId,
              actor: reminderActor,
              recipients: { employees: [article.authorId] },
              kind: 'knowledge_review_due',
              record: { type: 'knowledge_article', id: article.id, link: articleLink(article.id) },
              title: `Your article “${article.title}” is due for review`,
              body: article.lastReviewedAt
                ? 'Check it is still right, then mark it as reviewed.'
                : 'It has never been reviewed. Check it is still right, then mark it as reviewed.',
            });
          }
          return due.length;
        });
        reminded += taken;
        if (taken < batchSize) break;
      }
      if (reminded > 0) log.info({ reminded }, 'knowledge articles due for review: authors reminded');
    },
    {
      label: 'Remind authors of articles due for review',
      schedule: { cron: '17 6 * * *', tz: 'UTC' },
    },
  );
}
