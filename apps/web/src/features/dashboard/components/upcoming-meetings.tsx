import { countOf, type CalendarEvent } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { useWorkspaceTimeZone } from '../../workspace';
import { upcomingMeetingsQueryOptions } from '../api/dashboard.queries';
import { dayLabel, timeRange } from '../lib/meeting-times';
import { DashboardSection, SectionError, SectionSkeleton } from './dashboard-section';

/** The time now, moved on every minute: a meeting's "Now" badge comes and goes on its own. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function MeetingRow({ meeting, timeZone, now }: { meeting: CalendarEvent; timeZone: string; now: number }) {
  const running = Date.parse(meeting.startsAt) <= now && now < Date.parse(meeting.endsAt);
  const people = meeting.attendees.length;
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-6">
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-700"
      >
        <CalendarDays className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="font-medium text-slate-900">{meeting.title}</p>
          {running ? <Badge tone="success">Now</Badge> : null}
          {meeting.status === 'tentative' ? <Badge tone="warning">Tentative</Badge> : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          <time dateTime={meeting.startsAt}>
            {meeting.allDay
              ? `${dayLabel(meeting.startsAt, timeZone)}, all day`
              : `${dayLabel(meeting.startsAt, timeZone)}, ${timeRange(meeting.startsAt, meeting.endsAt, timeZone)}`}
          </time>
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600">
          {meeting.location ? (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-3.5" />
              {meeting.location}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <Users aria-hidden="true" className="size-3.5" />
            {countOf(people, { one: 'attendee', other: 'attendees' })}
          </span>
        </p>
      </div>
    </li>
  );
}

/** The member's next meetings (organised or invited), under Upcoming Tasks. */
export function UpcomingMeetings() {
  const timeZone = useWorkspaceTimeZone();
  const meetings = useQuery(upcomingMeetingsQueryOptions());
  const now = useMinuteClock();
  return (
    <DashboardSection title="Upcoming meetings">
      {meetings.isError ? (
        <SectionError
          error={meetings.error}
          title="Your meetings could not be loaded"
          onRetry={() => void meetings.refetch()}
        />
      ) : meetings.isPending || !timeZone ? (
        <SectionSkeleton label="Loading your meetings…" rows={2} />
      ) : meetings.data.length === 0 ? (
        <div className="px-4 pt-3 pb-5 sm:px-6">
          <EmptyState
            icon={CalendarDays}
            title="No upcoming meetings"
            description="Meetings you organise or are invited to in the next 30 days show up here."
          />
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {meetings.data.map((meeting) => (
            <MeetingRow key={meeting.id} meeting={meeting} timeZone={timeZone} now={now} />
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
