import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FOLLOW_UP_SEQUENCE,
  FOLLOW_UP_EXAMPLE_VALUES,
  followUpSequenceSchema,
  followUpsContinue,
  followUpStepName,
  renderFollowUp,
  unknownMergeFields,
} from './follow-ups';

const email = (delayDays: number, subject = 'Hi {{firstName}}', body = 'Body') => ({
  channel: 'email' as const,
  delayDays,
  subject,
  body,
});

function errors(input: unknown): string[] {
  const result = followUpSequenceSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('follow-up templates', () => {
  it('fills each merge field, tolerating spaces inside the braces', () => {
    expect(
      renderFollowUp('Hi {{firstName}}, {{ estimate }} for {{material}} from {{contractorName}}', {
        ...FOLLOW_UP_EXAMPLE_VALUES,
        firstName: 'Ana',
      }),
    ).toBe('Hi Ana, $7,310 - $12,793 for Asphalt shingles from Sunny Roofing');
  });

  it('names the fields it does not know and leaves them as written', () => {
    expect(unknownMergeFields('Hi {{firstName}} {{lastName}} {{ price }}')).toEqual([
      'lastName',
      'price',
    ]);
    expect(renderFollowUp('{{lastName}}', FOLLOW_UP_EXAMPLE_VALUES)).toBe('{{lastName}}');
  });
});

describe('followUpSequenceSchema', () => {
  it('accepts the default sequence', () => {
    expect(followUpSequenceSchema.parse(DEFAULT_FOLLOW_UP_SEQUENCE)).toEqual(
      DEFAULT_FOLLOW_UP_SEQUENCE,
    );
  });

  it.each([
    [
      'an unknown merge field',
      { steps: [email(2, 'Hi {{lastName}}')] },
      'The subject uses an unknown merge field {{lastName}}: use {{firstName}}, {{estimate}}, {{material}}, {{contractorName}}, {{contractorPhone}}',
    ],
    ['an empty message', { steps: [email(2, 'Hi', '  ')] }, 'The message must not be empty'],
    [
      'day 0',
      { steps: [email(0)] },
      'Days after the request must be at least 1 (the estimate e-mail goes at once)',
    ],
    [
      'steps out of order',
      { steps: [email(5), email(3)] },
      'Each step must come on a later day than the one before',
    ],
    [
      'too many steps',
      { steps: [1, 2, 3, 4, 5, 6, 7].map((day) => email(day)) },
      'At most 6 steps',
    ],
    [
      'a long text',
      { steps: [{ channel: 'text', delayDays: 2, body: 'x'.repeat(241) }] },
      'The text must be at most 240 characters',
    ],
    ['no stop status', { stopStatuses: [] }, 'Pick at least one status that stops the follow-ups'],
    [
      'New as a stop status',
      { stopStatuses: ['new'] },
      'Stop statuses must be lead statuses other than New',
    ],
    [
      'a channel it does not have',
      { steps: [{ channel: 'fax', delayDays: 2, body: 'x' }] },
      "A step's channel must be 'email' or 'text'",
    ],
  ])('refuses %s', (_case, change, message) => {
    expect(errors({ ...DEFAULT_FOLLOW_UP_SEQUENCE, ...change })).toContain(message);
  });

  it('keeps the stop statuses in pipeline order, once each', () => {
    const parsed = followUpSequenceSchema.parse({
      ...DEFAULT_FOLLOW_UP_SEQUENCE,
      stopStatuses: ['lost', 'contacted', 'lost'],
    });
    expect(parsed.stopStatuses).toEqual(['contacted', 'lost']);
  });
});

describe('followUpsContinue', () => {
  it.each([
    ['new', ['contacted'], true],
    ['contacted', ['contacted', 'qualified'], false],
    ['contacted', ['converted', 'lost'], true],
    ['lost', ['converted', 'lost'], false],
  ] as const)('a lead in %s with stops %j continues: %s', (status, stopStatuses, expected) => {
    expect(followUpsContinue(status, { stopStatuses: [...stopStatuses] })).toBe(expected);
  });

  it('names a step by its day and channel', () => {
    expect(followUpStepName({ channel: 'text', delayDays: 3 })).toBe('Day 3 · Text message');
  });
});
