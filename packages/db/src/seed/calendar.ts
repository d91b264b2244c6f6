// Calendar events with attendees and reminders (spec 9: 25 events; popup reminders 15 minutes
// before, email reminders 60).
import type { AttendeeResponse } from '@atrium/shared';
import { calendarEvents, eventAttendees, eventReminders } from '../schema/index';
import { expand, sum, type People, type Person, type SeedRun } from './run';

const eventTitles = [
  'Sprint Planning',
  'Team Standup',
  'Quarterly Business Review',
  'Design Review',
  'Customer Demo',
  'All-Hands Meeting',
  'One-on-One',
  'Security Training',
  'Release Retrospective',
  'Budget Review',
  'Hiring Panel',
];
const eventTypes = ['meeting', 'review', 'training', 'deadline', 'social'];
const locations = ['Conference Room A', 'Conference Room B', 'Video call', 'Main office', 'Cafeteria'];

const reminderDefaults = { popup: 15, email: 60 } as const;

type EventPlan = {
  id: string;
  organizer: Person;
  attendees: Person[];
  reminders: ('popup' | 'email')[];
  at: Date;
};

export async function seedCalendar(run: SeedRun, people: People) {
  const { random, loader, tenantId, counts } = run;
  const plans: EventPlan[] = [];

  function* eventRows() {
    for (let i = 0; i < counts.events; i++) {
      const id = random.uuid();
      const allDay = random.chance(0.1);
      // From a week ago to four weeks ahead, in office hours, on the half hour.
      const day = random.int(-7, 28);
      const startsAt = allDay ? random.dayAt(day) : random.dayAt(day, random.int(16, 34) * 30);
      const endsAt = allDay
        ? random.dayAt(day + 1)
        : new Date(startsAt.getTime() + random.pick([30, 45, 60, 90, 120]) * 60_000);
      const organizer = random.pick(people.active);
      const others = random
        .sample(people.active, random.inRange(counts.attendeesPerEvent) - 1)
        .filter((p) => p !== organizer);
      const reminders: EventPlan['reminders'] = [];
      if (random.chance(0.6)) reminders.push('popup');
      if (random.chance(0.4)) reminders.push('email');
      const createdAt = random.daysFromNow(Math.min(day, 0) - random.int(1, 14));
      plans.push({ id, organizer, attendees: [organizer, ...others], reminders, at: createdAt });
      yield {
        tenantId,
        id,
        title: random.pick(eventTitles),
        description: 'Agenda shared in the invitation.',
        startsAt,
        endsAt,
        allDay,
        location: random.pick(locations),
        organizerId: organizer.id,
        type: random.pick(eventTypes),
        priority: random.weighted([
          ['low', 25],
          ['medium', 55],
          ['high', 20],
        ] as const),
        status: random.weighted([
          ['confirmed', 75],
          ['tentative', 20],
          ['cancelled', 5],
        ] as const),
        visibility: random.weighted([
          ['public', 60],
          ['team', 30],
          ['private', 10],
        ] as const),
        createdAt,
        updatedAt: createdAt,
      };
    }
  }
  await loader.load(calendarEvents, counts.events, eventRows());

  await loader.load(
    eventAttendees,
    sum(plans, (e) => e.attendees.length),
    expand(plans, (event) =>
      event.attendees.map((person, i) => ({
        tenantId,
        id: random.uuid(),
        eventId: event.id,
        employeeId: person.id,
        response:
          i === 0
            ? ('accepted' as const)
            : random.weighted<AttendeeResponse>([
                ['accepted', 55],
                ['pending', 25],
                ['tentative', 12],
                ['declined', 8],
              ]),
        isRequired: i === 0 || random.chance(0.75),
        createdAt: event.at,
        updatedAt: event.at,
      })),
    ),
  );

  await loader.load(
    eventReminders,
    sum(plans, (e) => e.reminders.length),
    expand(plans, (event) =>
      event.reminders.map((type) => ({
        tenantId,
        id: random.uuid(),
        eventId: event.id,
        type,
        minutesBefore: reminderDefaults[type],
        createdAt: event.at,
        updatedAt: event.at,
      })),
    ),
  );
}
