import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatRate, sendProgress } from './campaign-format';

describe('formatRate', () => {
  it('shows a percentage with one decimal', () => {
    expect(formatRate(12.345)).toBe('12.3%');
    expect(formatRate(40)).toBe('40.0%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(100)).toBe('100.0%');
  });

  it('shows a dash before anything was delivered', () => {
    expect(formatRate(null)).toBe('—');
  });
});

describe('formatMoney', () => {
  it('shows whole amounts without cents and the rest with both digits', () => {
    expect(formatMoney(12500)).toBe('$12,500');
    expect(formatMoney(99.5)).toBe('$99.50');
    expect(formatMoney(0)).toBe('$0');
  });

  it('shows a dash for no amount', () => {
    expect(formatMoney(null)).toBe('—');
  });
});

describe('formatNumber', () => {
  it('groups thousands and dashes null', () => {
    expect(formatNumber(1204)).toBe('1,204');
    expect(formatNumber(null)).toBe('—');
  });
});

describe('sendProgress', () => {
  it('is the share sent, capped at 100', () => {
    expect(sendProgress(250, 1000)).toBe(25);
    expect(sendProgress(1001, 1000)).toBe(100);
  });

  it('is 0 while there is no audience', () => {
    expect(sendProgress(0, 0)).toBe(0);
  });
});
