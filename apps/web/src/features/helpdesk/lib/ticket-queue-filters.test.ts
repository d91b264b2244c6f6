import { describe, expect, it } from 'vitest';
import {
  clearedTicketFilters,
  defaultTicketQueueFilters,
  hasActiveTicketFilters,
  nextTicketSort,
  ticketListApiParams,
  ticketQueueFiltersFrom,
  ticketQueueSearchParams,
} from './ticket-queue-filters';

describe('the ticket queue in the address (issue 21 "Tickets")', () => {
  it('keeps a plain address plain, and always asks the API for the view', () => {
    expect(ticketQueueSearchParams(defaultTicketQueueFilters).toString()).toBe('');
    expect(ticketListApiParams(defaultTicketQueueFilters).toString()).toBe('view=open');
  });

  it('reads back what it wrote', () => {
    const filters = {
      ...defaultTicketQueueFilters,
      view: 'all' as const,
      q: '#1042',
      status: 'open,pending',
      priority: 'urgent' as const,
      slaTier: 'Gold' as const,
      tag: 'billing',
      customer: 'acme.com',
      sort: 'subject' as const,
      order: 'asc' as const,
    };
    expect(ticketQueueFiltersFrom(ticketQueueSearchParams(filters))).toEqual(filters);
  });

  it('falls back to the default for anything unknown in an old or hand-edited link', () => {
    const filters = ticketQueueFiltersFrom(
      new URLSearchParams('view=overdue&status=open,waiting&priority=huge&assigneeId=someone&sort=sla'),
    );
    expect(filters).toEqual(defaultTicketQueueFilters);
  });

  it('reads statuses in workflow order, a repeated parameter as a list', () => {
    expect(ticketQueueFiltersFrom(new URLSearchParams('status=pending&status=open')).status).toBe(
      'open,pending',
    );
  });

  it('clears the filters but keeps the view and the order', () => {
    const filters = {
      ...defaultTicketQueueFilters,
      view: 'closed' as const,
      tag: 'x',
      sort: 'number' as const,
    };
    expect(hasActiveTicketFilters(filters)).toBe(true);
    const cleared = clearedTicketFilters(filters);
    expect(hasActiveTicketFilters(cleared)).toBe(false);
    expect(cleared).toMatchObject({ view: 'closed', sort: 'number' });
  });

  it('flips the order of the same column; dates and priority start newest or most urgent first', () => {
    expect(nextTicketSort({ sort: 'created', order: 'desc' }, 'created')).toEqual({
      sort: 'created',
      order: 'asc',
    });
    expect(nextTicketSort({ sort: 'created', order: 'desc' }, 'priority')).toEqual({
      sort: 'priority',
      order: 'desc',
    });
    expect(nextTicketSort({ sort: 'created', order: 'desc' }, 'subject')).toEqual({
      sort: 'subject',
      order: 'asc',
    });
  });
});
