import type { Db } from '@atrium/db';
import { allows } from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import { createScheduleWeekService } from './schedule-week.service';
import { createShiftsService, type WorkdaySource } from './shifts.service';

/** Issue 17: entries about shifts and schedules go to those who see the schedule. */
export const schedulingReadRules = {
  shift: { visible: (member) => allows(member, 'schedule:view') },
  schedule: { visible: (member) => allows(member, 'schedule:view') },
} satisfies Pick<ActivityAudience, 'shift' | 'schedule'>;

export function createSchedulingService(deps: { db: Db; memo: WorkspaceMemo; workspace: WorkdaySource }) {
  return { ...createScheduleWeekService(deps), ...createShiftsService(deps) };
}

export type SchedulingService = ReturnType<typeof createSchedulingService>;
