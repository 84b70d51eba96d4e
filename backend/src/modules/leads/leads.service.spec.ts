import { type LeadListItem } from '@rafter/domain/crm';
import { csvCell, csvRow } from './lead-export';
import { LeadsException } from './leads.exception';
import { decodeCursor, encodeCursor } from './leads.service';
import { type LeadRow, toLeadListItem } from './lead-row';
import { containsPattern } from './leads.repository';

const row: LeadRow = {
  id: '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b',
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@example.com',
  phone: '5125550100',
  address: '123 Main St, Austin, TX 78701',
  zipCode: '78701',
  latitude: 30.2672,
  longitude: -97.7431,
  ownership: 'owner',
  material: 'metal',
  stories: 'two',
  roofArea: 2100,
  estimateLow: 18900,
  estimateMid: 23100,
  estimateHigh: 27300,
  score: 95,
  status: 'qualified',
  source: 'embed',
  locked: false,
  lockedReason: null,
  createdAt: new Date('2026-11-20T15:04:05.678Z'),
  updatedAt: new Date('2026-11-21T09:00:00.000Z'),
};

describe('cursor', () => {
  it.each([
    ['latest', new Date('2026-11-20T15:04:05.678Z')],
    ['score', 95],
    ['value', 23100],
  ] as const)('round-trips the %s sort key and id', (sort, key) => {
    expect(decodeCursor(sort, encodeCursor(sort, row))).toEqual({ key, id: row.id });
  });

  it.each([
    ['not base64 JSON', 'latest', '!!!'],
    ['JSON null', 'latest', Buffer.from('null').toString('base64url')],
    ['no id', 'score', Buffer.from('{"k":5}').toString('base64url')],
    [
      'an id that is no uuid',
      'score',
      Buffer.from('{"k":5,"id":"1 OR 1=1"}').toString('base64url'),
    ],
    ['a time for the score sort', 'score', encodeCursor('latest', row)],
    ['a number for the latest sort', 'latest', encodeCursor('score', row)],
    [
      'an unreadable time',
      'latest',
      Buffer.from(`{"k":"soon","id":"${row.id}"}`).toString('base64url'),
    ],
    [
      'a fractional score',
      'score',
      Buffer.from(`{"k":1.5,"id":"${row.id}"}`).toString('base64url'),
    ],
  ] as const)('refuses %s', (_case, sort, cursor) => {
    expect(() => decodeCursor(sort, cursor)).toThrow(new LeadsException('invalid_cursor'));
  });
});

describe('toLeadListItem', () => {
  it('shows an unlocked lead in full, times as ISO strings', () => {
    expect(toLeadListItem(row)).toMatchObject({
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: '5125550100',
      address: '123 Main St, Austin, TX 78701',
      createdAt: '2026-11-20T15:04:05.678Z',
    });
  });

  it('hides the contact of a locked lead and keeps its estimate', () => {
    const item = toLeadListItem({ ...row, locked: true, lockedReason: 'no_active_plan' });
    expect(item).toMatchObject({
      name: 'Locked lead',
      email: null,
      phone: null,
      address: null,
      estimateMid: 23100,
      roofArea: 2100,
      lockedReason: 'no_active_plan',
    });
  });
});

describe('containsPattern', () => {
  it.each([
    ['ruiz', '%ruiz%'],
    ['100%', '%100\\%%'],
    ['a_b', '%a\\_b%'],
    ['c:\\x', '%c:\\\\x%'],
  ])('%s → %s', (term, pattern) => {
    expect(containsPattern(term)).toBe(pattern);
  });
});

describe('CSV', () => {
  it.each<[string | number, string]>([
    ['plain', 'plain'],
    [42, '42'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+15125550100', "'+15125550100"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes labels, and empty contact cells for a locked lead', () => {
    const item: LeadListItem = toLeadListItem(row);
    expect(csvRow(item)).toBe(
      '2026-11-20T15:04:05.678Z,Ana Ruiz,ana@example.com,5125550100,"123 Main St, Austin, TX 78701",' +
        '78701,Metal,2 stories,"Yes, I own it",2100,18900,23100,27300,95,Qualified,embed',
    );
    const locked = toLeadListItem({ ...row, locked: true, lockedReason: 'monthly_limit' });
    expect(csvRow(locked).split(',').slice(1, 5)).toEqual(['', '', '', '']);
  });
});
