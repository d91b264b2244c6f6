import { describe, expect, it } from 'vitest';
import { csatPercent, rateTicketSchema } from './ticket-ratings';

describe('CSAT (issue 22: the overview shows satisfaction per period and agent)', () => {
  it('is the share of 4 and 5 among the answers, as a whole percent', () => {
    expect(csatPercent({ answered: 3, satisfied: 2 })).toBe(67);
    expect(csatPercent({ answered: 4, satisfied: 4 })).toBe(100);
    expect(csatPercent({ answered: 5, satisfied: 0 })).toBe(0);
  });

  it('is no figure at all without answers, rather than a false 0 %', () => {
    expect(csatPercent({ answered: 0, satisfied: 0 })).toBeNull();
  });
});

describe('a rating', () => {
  it('takes a score from 1 to 5 and an optional comment', () => {
    expect(rateTicketSchema.parse({ score: 5 })).toEqual({ score: 5, comment: '' });
    expect(rateTicketSchema.parse({ score: 1, comment: '  Slow  ' })).toEqual({ score: 1, comment: 'Slow' });
    for (const score of [0, 6, 2.5, undefined]) {
      const result = rateTicketSchema.safeParse({ score });
      expect(result.success, String(score)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Choose a score from 1 to 5');
    }
  });
});
