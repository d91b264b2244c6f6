import { formatCount, type CampaignResults } from '@atrium/shared';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dateFormat } from '../../../lib/dates';

// The only marketing file that imports recharts: the campaign page loads it lazily.

const colors = { opens: '#6366f1', clicks: '#059669' } as const;
const axisTick = { fill: '#475569', fontSize: 12 };

type Bucket = CampaignResults['timeline'][number];

const bucketFormats: Record<
  Bucket['unit'],
  { short: Intl.DateTimeFormatOptions; long: Intl.DateTimeFormatOptions }
> = {
  hour: {
    short: { month: 'short', day: 'numeric', hour: 'numeric' },
    long: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  },
  day: {
    short: { month: 'short', day: 'numeric' },
    long: { weekday: 'short', month: 'short', day: 'numeric' },
  },
};

/** A bucket's start in the workspace's zone: "Mon, Dec 7, 3:00 AM" for an hour, "Mon, Dec 7" for a day. */
function bucketLabel(bucket: Bucket, timeZone: string, long: boolean) {
  const options = bucketFormats[bucket.unit][long ? 'long' : 'short'];
  return dateFormat('en', { ...options, timeZone }).format(new Date(bucket.at));
}

/**
 * Opens and clicks over time, hour by hour then day by day. The picture is hidden from assistive
 * technology; its caption sums it up and the table under it holds every figure.
 */
export function CampaignTimelineChart({
  timeline,
  timeZone,
}: {
  timeline: CampaignResults['timeline'];
  timeZone: string;
}) {
  const opens = timeline.reduce((sum, bucket) => sum + bucket.opens, 0);
  const clicks = timeline.reduce((sum, bucket) => sum + bucket.clicks, 0);
  const data = timeline.map((bucket) => ({
    ...bucket,
    label: bucketLabel(bucket, timeZone, false),
    name: bucketLabel(bucket, timeZone, true),
  }));
  const busiest = data.reduce<(typeof data)[number] | null>(
    (best, bucket) =>
      best === null || bucket.opens + bucket.clicks > best.opens + best.clicks ? bucket : best,
    null,
  );

  return (
    <figure
      aria-labelledby="campaign-timeline-heading"
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h3 id="campaign-timeline-heading" className="font-semibold text-slate-900">
        Opens and clicks over time
      </h3>
      <figcaption className="mt-1 text-sm text-slate-600">
        {timeline.length === 0
          ? 'No opens or clicks yet. They show here as they come in.'
          : `${formatCount(opens)} ${opens === 1 ? 'open' : 'opens'} and ${formatCount(clicks)} ${clicks === 1 ? 'click' : 'clicks'} by people, hour by hour for the first two days, then day by day.${busiest ? ` Most in the ${busiest.unit} from ${busiest.name}.` : ''}`}
      </figcaption>
      {timeline.length > 0 ? (
        <>
          <div aria-hidden="true" className="mt-4">
            <ul className="flex flex-wrap gap-4 text-xs text-slate-700">
              <li className="flex items-center gap-1.5">
                <span className="size-3 rounded-sm" style={{ backgroundColor: colors.opens }} />
                Opens
              </li>
              <li className="flex items-center gap-1.5">
                <span className="size-3 rounded-sm" style={{ backgroundColor: colors.clicks }} />
                Clicks
              </li>
            </ul>
            <div className="mt-3 h-56">
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart
                  data={data}
                  margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
                  <XAxis dataKey="label" tickLine={false} axisLine={false} tick={axisTick} minTickGap={16} />
                  <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={axisTick} />
                  <Tooltip labelFormatter={(_, payload) => String(payload[0]?.payload.name ?? '')} />
                  <Area
                    type="monotone"
                    dataKey="opens"
                    name="Opens"
                    stroke={colors.opens}
                    fill={colors.opens}
                    fillOpacity={0.15}
                    isAnimationActive={false}
                  />
                  <Area
                    type="monotone"
                    dataKey="clicks"
                    name="Clicks"
                    stroke={colors.clicks}
                    fill={colors.clicks}
                    fillOpacity={0.15}
                    isAnimationActive={false}
                  />
                </AreaChart>
              </ResponsiveContainer>
            </div>
          </div>
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer rounded font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
              Show the figures as a table
            </summary>
            <table className="mt-3 w-full text-sm">
              <caption className="sr-only">Opens and clicks over time</caption>
              <thead>
                <tr className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <th scope="col" className="py-1.5 pr-4">
                    Hour or day from
                  </th>
                  <th scope="col" className="py-1.5 pl-4 text-right">
                    Opens
                  </th>
                  <th scope="col" className="py-1.5 pl-4 text-right">
                    Clicks
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.map((bucket) => (
                  <tr key={bucket.at}>
                    <th scope="row" className="py-1.5 pr-4 text-left font-normal text-slate-800">
                      {bucket.name}
                    </th>
                    <td className="py-1.5 pl-4 text-right font-medium text-slate-900 tabular-nums">
                      {formatCount(bucket.opens)}
                    </td>
                    <td className="py-1.5 pl-4 text-right font-medium text-slate-900 tabular-nums">
                      {formatCount(bucket.clicks)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : null}
    </figure>
  );
}
