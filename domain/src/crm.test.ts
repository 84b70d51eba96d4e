import { describe, expect, it } from 'vitest';
import {
  addLeadNoteSchema,
  emptyLeadCounts,
  exportFileName,
  leadExportQuerySchema,
  leadListQuerySchema,
  percentChange,
} from './crm';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('leadListQuerySchema', () => {
  it('defaults to the latest sort and 25 rows', () => {
    expect(leadListQuerySchema.parse({})).toEqual({ sort: 'latest', limit: 25 });
  });

  it('reads a query string: trimmed search, status, sort, cursor and a numeric limit', () => {
    expect(
      leadListQuerySchema.parse({
        q: '  ana ',
        status: 'qualified',
        sort: 'value',
        cursor: 'abc',
        limit: '50',
      }),
    ).toEqual({ q: 'ana', status: 'qualified', sort: 'value', cursor: 'abc', limit: 50 });
  });

  it('treats an empty search and status as none', () => {
    expect(leadListQuerySchema.parse({ q: '  ', status: '' })).toEqual({
      sort: 'latest',
      limit: 25,
    });
  });

  it.each([
    [{ sort: 'oldest' }, 'Sort must be latest, score or value'],
    [{ status: 'won' }, 'Status must be new, contacted, qualified, converted or lost'],
    [{ limit: '0' }, 'Limit must be at least 1'],
    [{ limit: '101' }, 'Limit must be at most 100'],
    [{ limit: '2.5' }, 'Limit must be a whole number'],
    [{ limit: 'many' }, 'Limit must be a number'],
    [{ q: 'x'.repeat(201) }, 'Search must be at most 200 characters'],
  ])('refuses %j with a message naming the problem', (query, message) => {
    expect(firstMessage(leadListQuerySchema.safeParse(query))).toBe(message);
  });
});

describe('leadExportQuerySchema', () => {
  it('defaults to CSV and refuses other formats', () => {
    expect(leadExportQuerySchema.parse({})).toEqual({ format: 'csv' });
    expect(firstMessage(leadExportQuerySchema.safeParse({ format: 'xlsx' }))).toBe(
      'Format must be csv or json',
    );
  });
});

describe('addLeadNoteSchema', () => {
  it('trims the note', () => {
    expect(addLeadNoteSchema.parse({ body: '  Called, call back Monday ' })).toEqual({
      body: 'Called, call back Monday',
    });
  });

  it.each([
    [{}, 'Note is required'],
    [{ body: '   ' }, 'Note is required'],
    [{ body: 5 }, 'Note must be text'],
    [{ body: 'x'.repeat(2001) }, 'Note must be at most 2000 characters'],
  ])('refuses %j', (body, message) => {
    expect(firstMessage(addLeadNoteSchema.safeParse(body))).toBe(message);
  });
});

describe('percentChange', () => {
  it('is the rounded change in percent', () => {
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(5, 15)).toBe(-67);
  });

  it('is null when there is nothing to compare with', () => {
    expect(percentChange(7, 0)).toBeNull();
  });
});

describe('emptyLeadCounts and exportFileName', () => {
  it('has every status at zero', () => {
    expect(emptyLeadCounts()).toEqual({
      all: 0,
      new: 0,
      contacted: 0,
      qualified: 0,
      converted: 0,
      lost: 0,
    });
  });

  it('names the export by its UTC date', () => {
    expect(exportFileName('csv', new Date('2026-03-05T23:30:00Z'))).toBe(
      'rafter-leads-2026-03-05.csv',
    );
  });
});
