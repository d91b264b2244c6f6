/**
 * Which cached queries a change may have made stale, by the first element of their query key. One
 * table for every module: a module that writes a new `entityType` to the activity log adds its row
 * here. Until it does, its changes refresh everything on screen, which is slower but never stale.
 */
const rootsByEntityType: Record<string, readonly string[]> = {
  project: ['projects', 'tasks', 'reports'],
  task: ['tasks', 'projects', 'reports'],
  // Names and departments appear in the schedule, timesheets and reviews too.
  employee: ['employees', 'scheduling', 'time-entries', 'performance', 'reports'],
  time_entry: ['time-entries', 'reports'],
  // An employee's details show their week's shifts and their reviews and goals.
  shift: ['scheduling', 'employees'],
  schedule: ['scheduling', 'employees'],
  performance_review: ['performance', 'employees'],
  goal: ['performance', 'employees'],
  // `me` carries the role and the workspace name the app shell shows.
  member: ['members', 'me'],
  invitation: ['members', 'mail'],
  workspace: ['workspace', 'me'],
  calendar_event: ['calendar'],
  // The queue and the ticket pages; another agent's reply shows without a reload (issue 21).
  ticket: ['tickets'],
  // Only the member it is addressed to hears of a notification: their bell.
  notification: ['notifications'],
  // A segment's page names the campaigns sent to it; a lead's page, the campaign credited with it.
  campaign: ['marketing-campaigns', 'marketing-segments', 'marketing-leads'],
  // A customer won adds its value to the revenue of the campaign credited with it.
  lead: ['marketing-leads', 'marketing-campaigns', 'marketing-segments'],
};

/** Every change is a line in the dashboard's Recent Activity and may move its numbers. */
const affectedByEveryChange = ['activity', 'dashboard'] as const;

export type AffectedQueries = readonly string[] | 'everything';

export function affectedQueries(entityType: string): AffectedQueries {
  const roots = rootsByEntityType[entityType];
  return roots ? [...roots, ...affectedByEveryChange] : 'everything';
}
