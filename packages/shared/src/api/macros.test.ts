import { describe, expect, it } from 'vitest';
import { helpdeskSettingsInputSchema, createTeamSchema } from './helpdesk-teams';
import { helpdeskOverviewQuerySchema } from './helpdesk-overview';
import { createMacroSchema } from './macros';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success
    ? {}
    : Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));

describe('macros (issue 21: saved replies with placeholders and actions)', () => {
  it('takes a reply, actions, or both, and refuses a macro that does nothing', () => {
    expect(createMacroSchema.parse({ name: ' Refund ', body: 'Hi {{ customer.name }}' })).toEqual({
      name: 'Refund',
      body: 'Hi {{ customer.name }}',
      actions: {},
    });
    expect(createMacroSchema.safeParse({ name: 'Close', actions: { status: 'closed' } }).success).toBe(true);
    expect(errorsOf(createMacroSchema.safeParse({ name: 'Nothing' }))).toEqual({
      body: 'Write a reply or choose an action',
    });
  });

  it('assigns to whoever applies it, an employee, or nobody, and adds each tag once', () => {
    const id = '5b1a3f0e-8f5c-4b7a-9a59-2a1f2f3c4d5e';
    for (const assignee of ['me', id, null]) {
      expect(createMacroSchema.parse({ name: 'A', actions: { assignee } }).actions.assignee).toBe(assignee);
    }
    expect(errorsOf(createMacroSchema.safeParse({ name: 'A', actions: { assignee: 'you' } }))).toHaveProperty(
      ['actions.assignee'],
    );
    expect(
      createMacroSchema.parse({ name: 'A', actions: { addTags: ['vip', 'vip', 'refund'] } }).actions,
    ).toEqual({
      addTags: ['vip', 'refund'],
    });
  });
});

describe('teams and settings (issue 21: round-robin, auto-close)', () => {
  it('takes each agent once on a team', () => {
    const employeeId = '5b1a3f0e-8f5c-4b7a-9a59-2a1f2f3c4d5e';
    expect(
      errorsOf(createTeamSchema.safeParse({ name: 'Tier 1', members: [{ employeeId }, { employeeId }] })),
    ).toEqual({
      members: 'Each agent once',
    });
    expect(createTeamSchema.parse({ name: 'Tier 1', members: [{ employeeId }] }).members).toEqual([
      { employeeId, isManager: false },
    ]);
  });

  it('closes resolved tickets after 1 to 365 whole days', () => {
    const settings = { roundRobinTeamId: null, version: 1 };
    for (const days of [1, 7, 365]) {
      expect(helpdeskSettingsInputSchema.safeParse({ ...settings, autoCloseAfterDays: days }).success).toBe(
        true,
      );
    }
    for (const days of [0, 366, 1.5]) {
      expect(
        errorsOf(helpdeskSettingsInputSchema.safeParse({ ...settings, autoCloseAfterDays: days })),
      ).toHaveProperty(['autoCloseAfterDays']);
    }
  });

  it('reads the overview period from the address: 7, 30 (the default) or 90 days', () => {
    expect(helpdeskOverviewQuerySchema.parse({}).days).toBe(30);
    expect(helpdeskOverviewQuerySchema.parse({ days: '90' }).days).toBe(90);
    expect(helpdeskOverviewQuerySchema.safeParse({ days: '5' }).success).toBe(false);
  });
});
