import type { KnowledgeArticleStatus, KnowledgeArticleVisibility } from '@atrium/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { articleStatusLabels, articleVisibilityLabels } from '../lib/article-links';

const statusTones: Record<KnowledgeArticleStatus, BadgeTone> = {
  draft: 'warning',
  published: 'success',
  archived: 'danger',
};

export function ArticleStatusBadge({ status }: { status: KnowledgeArticleStatus }) {
  return <Badge tone={statusTones[status]}>{articleStatusLabels[status]}</Badge>;
}

export function ArticleVisibilityBadge({ visibility }: { visibility: KnowledgeArticleVisibility }) {
  return <Badge tone="brand">{articleVisibilityLabels[visibility]}</Badge>;
}
