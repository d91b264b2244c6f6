// Knowledge base (spec 9: 15 articles; issue 22: categories in two levels, every save a revision).
import { articleSlug, type KnowledgeArticleStatus, type KnowledgeArticleVisibility } from '@atrium/shared';
import { knowledgeArticleRevisions, knowledgeArticles, knowledgeCategories } from '../schema/index';
import { expand, stamps, type People, type SeedRun } from './run';

/** Top categories in their order; a subcategory is written "Top / Sub". */
const categoryPaths = [
  'Getting Started',
  'Account & Billing',
  'Account & Billing / Invoices',
  'Time Tracking',
  'Projects',
  'Help Desk',
  'Troubleshooting',
] as const;
type CategoryPath = (typeof categoryPaths)[number];

const articles: { title: string; category: CategoryPath }[] = [
  { title: 'Getting started with Atrium', category: 'Getting Started' },
  { title: 'Inviting your team', category: 'Getting Started' },
  { title: 'Setting up your workspace time zone', category: 'Getting Started' },
  { title: 'How to reset your password', category: 'Account & Billing' },
  { title: 'Changing your plan', category: 'Account & Billing' },
  { title: 'Downloading invoices', category: 'Account & Billing / Invoices' },
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

type SeededArticle = {
  id: string;
  title: string;
  summary: string;
  paragraphs: string[];
  revisions: number;
  createdDaysAgo: number;
};

const html = (paragraphs: string[]) => paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');

export async function seedKnowledge(run: SeedRun, people: People) {
  const { random, loader, tenantId, counts } = run;
  const { faker } = random;
  const authors = people.inDepartment('Support');

  const categoryIds = new Map<string, string>();
  const categoryRows = categoryPaths.map((path) => {
    const [top, sub] = path.split(' / ');
    const id = random.uuid();
    categoryIds.set(path, id);
    const siblings = categoryPaths.filter((other) =>
      sub ? other.startsWith(`${top} / `) : !other.includes(' / '),
    );
    return {
      tenantId,
      id,
      name: sub ?? top ?? path,
      parentId: sub ? categoryIds.get(top ?? '') : undefined,
      position: siblings.indexOf(path),
      ...stamps(random, 730),
    };
  });
  await loader.load(knowledgeCategories, categoryRows.length, categoryRows);

  const seeded: SeededArticle[] = [];
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
      const paragraphs = faker.lorem.paragraphs(3, '\n\n').split('\n\n');
      const article = {
        id: random.uuid(),
        title,
        summary: `${title}: a short guide.`,
        paragraphs,
        revisions: random.int(1, 3),
        createdDaysAgo,
      };
      seeded.push(article);
      yield {
        tenantId,
        id: article.id,
        title,
        slug: articleSlug(title),
        content: html(paragraphs),
        contentText: paragraphs.join('\n\n'),
        summary: article.summary,
        categoryId: categoryIds.get(base.category),
        tags: random.sample(['how-to', 'faq', 'admin', 'billing', 'mobile'], random.int(1, 3)),
        authorId: random.pick(authors).id,
        status,
        visibility: random.weighted<KnowledgeArticleVisibility>([
          ['public', 80],
          ['internal', 20],
        ]),
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

  // Earlier revisions lack the later paragraphs; the last one is the article as it stands.
  const revisionRows = expand(seeded, (article) =>
    Array.from({ length: article.revisions }, (_, index) => {
      const number = index + 1;
      const last = number === article.revisions;
      const paragraphs = last ? article.paragraphs : article.paragraphs.slice(0, number);
      const daysAgo = Math.round(article.createdDaysAgo * (1 - index / article.revisions));
      return {
        tenantId,
        id: random.uuid(),
        articleId: article.id,
        number,
        title: article.title,
        summary: last ? article.summary : '',
        content: html(paragraphs),
        ...stamps(random, daysAgo),
      };
    }),
  );
  await loader.load(knowledgeArticleRevisions, counts.articles * 2, revisionRows);
}
