import {
  highPerformerMinRating,
  maxRating,
  needsReviewAfterMonths,
  type PerformanceStats,
} from '@atrium/shared';
import { Award, ClipboardCheck, ClipboardList, Clock, Star, Target } from 'lucide-react';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';

/** The six cards of spec 2 "Performance", over everyone the filters cover. */
export function PerformanceStatCards({
  stats,
  loading,
}: {
  stats: PerformanceStats | null;
  loading: boolean;
}) {
  const value = <T,>(pick: (s: PerformanceStats) => T) => (stats ? pick(stats) : '–');
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
