// Knowledge-base articles (spec 9: 15 articles).
import type { KnowledgeArticleStatus } from '@atrium/shared';
import { knowledgeArticles } from '../schema/index';
import { stamps, type People, type SeedRun } from './run';

const articles: { title: string; category: string }[] = [
  { title: 'Getting started with Atrium', category: 'Getting Started' },
  { title: 'Inviting your team', category: 'Getting Started' },
  { title: 'Setting up your workspace time zone', category: 'Getting Started' },
  { title: 'How to reset your password', category: 'Account & Billing' },
  { title: 'Changing your plan', category: 'Account & Billing' },
  { title: 'Downloading invoices', category: 'Account & Billing' },
  { title: 'Clocking in and out', category: 'Time Tracking' },
  { title: 'Approving timesheets', category: 'Time Tracking' },
  { title: 'Understanding overtime', category: 'Time Tracking' },
  { title: 'Using the kanban board', category: 'Projects' },
  { title: 'Tracking project budgets', category: 'Projects' },
  { title: 'Submitting a support ticket', category: 'Help Desk' },
  { title: 'What our SLA tiers mean', category: 'Help Desk' },
  { title: 'Exporting your data', category: 'Troubleshooting' },
  { title: 'Fixing calendar sync problems', category: 'Troubleshooting' },
];

export async function seedKnowledge(run: SeedRun, people: People) {
  const { random, loader, tenantId, counts } = run;
  const { faker } = random;
  const authors = people.inDepartment('Support');

  function* rows() {
    for (let i = 0; i < counts.articles; i++) {
      const base = articles[i % articles.length] ?? articles[0];
      if (!base) return;
      const title =
        i < articles.length ? base.title : `${base.title} (part ${Math.floor(i / articles.length) + 1})`;
      const status: KnowledgeArticleStatus = random.weighted([
        ['published', 75],
        ['draft', 15],
        ['archived', 10],
      ]);
      const views = status === 'draft' ? 0 : random.int(20, 5_000);
      const createdDaysAgo = random.int(30, 720);
      yield {
        tenantId,
        id: random.uuid(),
        title,
        content: faker.lorem.paragraphs(3, '\n\n'),
        summary: `${title}: a short guide.`,
        category: base.category,
        tags: random.sample(['how-to', 'faq', 'admin', 'billing', 'mobile'], random.int(1, 3)),
        authorId: random.pick(authors).id,
        status,
        views,
        helpful: Math.round(views * random.float(0.02, 0.3)),
        notHelpful: Math.round(views * random.float(0, 0.05)),
        lastReviewedAt:
          status === 'draft' ? null : random.daysFromNow(-random.int(1, Math.min(createdDaysAgo, 180))),
        ...stamps(random, createdDaysAgo),
      };
    }
  }
  await loader.load(knowledgeArticles, counts.articles, rows());
}
