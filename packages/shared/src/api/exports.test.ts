import { describe, expect, it } from 'vitest';
import { exportJobSchema, exportPercent } from './exports';

const job = {
  id: '7f0c1b7e-3c1a-4d7e-9f1a-2b3c4d5e6f70',
  status: 'running' as const,
  fileName: 'payroll-2025-01-01-to-2025-12-31.csv',
  progress: { done: 0, total: null },
  downloadUrl: null,
  error: null,
  createdAt: '2026-11-26T12:00:00.000Z',
};

describe('a background export’s state (issue 17)', () => {
  it('shows no share until the total is known, never 100 before it is ready, and 100 when ready', () => {
    expect(exportJobSchema.parse(job)).toEqual(job);
    expect(exportPercent(job)).toBeNull();
    expect(exportPercent({ ...job, progress: { done: 250, total: 1000 } })).toBe(25);
    expect(exportPercent({ ...job, progress: { done: 1000, total: 1000 } })).toBe(99);
    expect(exportPercent({ ...job, status: 'ready', progress: { done: 1000, total: 1000 } })).toBe(100);
  });
});
