import {
  highPerformerMinRating,
  maxRating,
  needsReviewAfterMonths,
  ratingBand,
  type PerformanceStats,
  type PerformanceStatsScope,
} from '@atrium/shared';
import { Award, ClipboardCheck, ClipboardList, Clock, Star, Target } from 'lucide-react';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';

/**
 * The six cards of spec 2 "Performance", over everyone the filters cover; an Employee's own figures
 * as their own (issue 20: no team counts such as High Performers or Need Review).
 */
export function PerformanceStatCards({
  stats,
  scope,
  loading,
}: {
  stats: PerformanceStats | null;
  scope: PerformanceStatsScope;
  loading: boolean;
}) {
  const value = <T,>(pick: (s: PerformanceStats) => T) => (stats ? pick(stats) : '–');
  if (scope === 'own') return <OwnStatCards value={value} loading={loading} />;
  return (
    <section aria-label="Performance summary">
      <StatGrid columns={6}>
        <StatCard
          label="Average Rating"
          icon={Star}
          loading={loading}
          value={value((s) => (s.averageRating === null ? '–' : s.averageRating.toFixed(1)))}
          hint={`out of ${maxRating.toFixed(1)}`}
        />
        <StatCard
          label="High Performers"
          icon={Award}
          tone="success"
          loading={loading}
          value={value((s) => s.highPerformers)}
          hint={`rated ${highPerformerMinRating} or more`}
        />
        <StatCard
          label="Goal Completion"
          icon={ClipboardCheck}
          tone="success"
          loading={loading}
          value={value((s) => `${s.goalCompletion}%`)}
          hint="of all goals"
        />
        <StatCard
          label="Total Reviews"
          icon={ClipboardList}
          loading={loading}
          value={value((s) => s.totalReviews)}
          hint="in the period"
        />
        <StatCard
          label="Active Goals"
          icon={Target}
          tone="neutral"
          loading={loading}
          value={value((s) => s.activeGoals)}
          hint="in progress, on time"
        />
        <StatCard
          label="Need Review"
          icon={Clock}
          tone="warning"
          loading={loading}
          value={value((s) => s.needReview)}
          hint={`no review in ${needsReviewAfterMonths} months`}
        />
      </StatGrid>
    </section>
  );
}

function OwnStatCards({
  value,
  loading,
}: {
  value: <T>(pick: (s: PerformanceStats) => T) => T | string;
  loading: boolean;
}) {
  return (
    <section aria-label="Your performance summary">
      <StatGrid columns={6}>
        <StatCard
          label="Your Average Rating"
          icon={Star}
          loading={loading}
          value={value((s) => (s.averageRating === null ? '–' : s.averageRating.toFixed(1)))}
          hint={`out of ${maxRating.toFixed(1)}`}
        />
        <StatCard
          label="Your Rating Band"
          icon={Award}
          tone="success"
          loading={loading}
          value={value((s) => (s.averageRating === null ? 'Not rated' : ratingBand(s.averageRating).label))}
          hint={`high performer from ${highPerformerMinRating}`}
        />
        <StatCard
          label="Your Goal Completion"
          icon={ClipboardCheck}
          tone="success"
          loading={loading}
          value={value((s) => `${s.goalCompletion}%`)}
          hint="of your goals"
        />
        <StatCard
          label="Your Reviews"
          icon={ClipboardList}
          loading={loading}
          value={value((s) => s.totalReviews)}
          hint="in the period"
        />
        <StatCard
          label="Your Active Goals"
          icon={Target}
          tone="neutral"
          loading={loading}
          value={value((s) => s.activeGoals)}
          hint="in progress, on time"
        />
        <StatCard
          label="Your Next Review"
          icon={Clock}
          tone="warning"
          loading={loading}
          value={value((s) => (s.needReview > 0 ? 'Due' : 'Up to date'))}
          hint={`one at least every ${needsReviewAfterMonths} months`}
        />
      </StatGrid>
    </section>
  );
}
