import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../api/error';
import { createProjectSchema, updateProjectSchema } from '../api/projects';
import {
  cardStatusOptions,
  isProjectPastDue,
  projectDatesProblem,
  projectProgress,
  projectReach,
  projectStats,
  seesProject,
  teamAvatars,
} from './project-rules';

describe('project progress (spec 3: progress 0-100, derived from done tasks)', () => {
  it('is the share of done tasks, rounded to a whole percent', () => {
    expect(projectProgress(0, 4)).toBe(0);
    expect(projectProgress(1, 3)).toBe(33);
    expect(projectProgress(2, 3)).toBe(67);
    expect(projectProgress(1, 2)).toBe(50);
    expect(projectProgress(7, 7)).toBe(100);
  });

  it('is 0 for a project without tasks', () => {
    expect(projectProgress(0, 0)).toBe(0);
  });
});

describe('project due date (spec 2: red if past)', () => {
  it('has passed when the end date is before today', () => {
    expect(isProjectPastDue({ endDate: '2025-03-09', status: 'active' }, '2025-03-10')).toBe(true);
    expect(isProjectPastDue({ endDate: '2025-03-10', status: 'active' }, '2025-03-10')).toBe(false);
    expect(isProjectPastDue({ endDate: '2025-03-11', status: 'active' }, '2025-03-10')).toBe(false);
  });

  it('is not late once the project is over (completed or cancelled)', () => {
    expect(isProjectPastDue({ endDate: '2025-03-09', status: 'completed' }, '2025-03-10')).toBe(false);
    expect(isProjectPastDue({ endDate: '2025-03-09', status: 'cancelled' }, '2025-03-10')).toBe(false);
    expect(isProjectPastDue({ endDate: '2025-03-09', status: 'on-hold' }, '2025-03-10')).toBe(true);
  });

  it('never passes without an end date', () => {
    expect(isProjectPastDue({ endDate: null, status: 'active' }, '2025-03-10')).toBe(false);
  });
});

describe('which projects a member sees (issue 3; one rule for every screen since issue 18)', () => {
  const uninvolved = { onTeam: false, assignedTask: false };

  it('lets members with projects:view-all see every project', () => {
    for (const role of ['admin', 'manager', 'employee'] as const) {
      expect(projectReach(role)).toBe('all');
      expect(seesProject(role, uninvolved)).toBe(true);
    }
  });

  it('shows a contractor a project they are on the team of, or have a task assigned in', () => {
    expect(projectReach('contractor')).toBe('involved');
    expect(seesProject('contractor', { onTeam: true, assignedTask: false })).toBe(true);
    expect(seesProject('contractor', { onTeam: false, assignedTask: true })).toBe(true);
    expect(seesProject('contractor', { onTeam: true, assignedTask: true })).toBe(true);
    expect(seesProject('contractor', uninvolved)).toBe(false);
  });

  it('shows no project to a role without projects:view, involved or not', () => {
    expect(projectReach('customer')).toBe('none');
    expect(seesProject('customer', { onTeam: true, assignedTask: true })).toBe(false);
  });
});

describe('team avatars (spec 9: project card max 4 team avatars, then +N)', () => {
  it('shows at most 4 and counts the rest', () => {
    expect(teamAvatars(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
    expect(teamAvatars(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(teamAvatars(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 0 });
  });

  it('counts from the team size when only the first members were loaded', () => {
    expect(teamAvatars(['a', 'b', 'c', 'd'], 11)).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 7 });
  });
});

describe('project stats (spec 2: Total Projects, Active Projects, Completed, Overdue Tasks, Avg Completion)', () => {
  it('counts by status and averages progress to a whole percent', () => {
    expect(
      projectStats({
        countsByStatus: { active: 3, completed: 2, planning: 1 },
        progressSum: 3 * 40 + 2 * 100 + 5,
        overdueTasks: 4,
      }),
    ).toEqual({
      totalProjects: 6,
      activeProjects: 3,
      completedProjects: 2,
      overdueTasks: 4,
      averageCompletion: 54,
    });
  });

  it('is all zeros without projects', () => {
    expect(projectStats({ countsByStatus: {}, progressSum: 0, overdueTasks: 0 })).toEqual({
      totalProjects: 0,
      activeProjects: 0,
      completedProjects: 0,
      overdueTasks: 0,
      averageCompletion: 0,
    });
  });
});

describe('project status select (spec 4: cancelled is not offered on the card)', () => {
  it('offers planning, active, on-hold and completed', () => {
    expect(cardStatusOptions).toEqual(['planning', 'active', 'on-hold', 'completed']);
  });
});

describe('New Project dialog validation', () => {
  it('requires a name and defaults priority (medium) and status (planning)', () => {
    const empty = createProjectSchema.safeParse({});
    expect(empty.success).toBe(false);
    expect(fieldErrors(empty.error!.issues)).toEqual({ name: 'Enter the project name' });

    const parsed = createProjectSchema.parse({ name: '  Apollo  ' });
    expect(parsed).toMatchObject({
      name: 'Apollo',
      priority: 'medium',
      status: 'planning',
      description: '',
      teamMemberIds: [],
      tags: [],
    });
  });

  it('refuses an end date before the start date and a negative budget', () => {
    const result = createProjectSchema.safeParse({
      name: 'Apollo',
      startDate: '2025-03-10',
      endDate: '2025-03-09',
      budget: -1,
    });
    expect(fieldErrors(result.error!.issues)).toEqual({
      endDate: 'The end date cannot be before the start date',
      budget: 'The budget cannot be negative',
    });
    expect(projectDatesProblem('2025-03-10', '2025-03-10')).toBeNull();
    expect(projectDatesProblem('2025-03-10', null)).toBeNull();
  });

  it('drops repeated tags and team members, and stores an empty client as null', () => {
    const parsed = createProjectSchema.parse({
      name: 'Apollo',
      tags: ['design', 'design', 'backend'],
      teamMemberIds: ['0b6c3a56-8a47-4b6c-9a53-1f0b4f1f7a11', '0b6c3a56-8a47-4b6c-9a53-1f0b4f1f7a11'],
      client: '  ',
    });
    expect(parsed.tags).toEqual(['design', 'backend']);
    expect(parsed.teamMemberIds).toHaveLength(1);
    expect(parsed.client).toBeNull();
  });

  it('needs the version on an edit', () => {
    const result = updateProjectSchema.safeParse({ name: 'Renamed' });
    expect(Object.keys(fieldErrors(result.error!.issues))).toEqual(['version']);
  });
});
