import { z } from 'zod';
import { LEAD_STATUSES, type LeadStatus } from './lead';

/**
 * The contractor's follow-up sequence: the messages a homeowner gets after their quote request
 * (the instant estimate e-mail is separate and comes first), each a number of days after the
 * request, until the lead leaves New (or another status the contractor picks), the homeowner
 * unsubscribes or replies STOP. Shared by the Follow-ups tab (editor and live preview) and the
 * worker that sends each step.
 */

export const FOLLOW_UP_CHANNELS = ['email', 'text'] as const;
export type FollowUpChannel = (typeof FOLLOW_UP_CHANNELS)[number];

export const FOLLOW_UP_CHANNEL_LABELS: Readonly<Record<FollowUpChannel, string>> = {
  email: 'E-mail',
  text: 'Text message',
};

export const FOLLOW_UP_MAX_STEPS = 6;
export const FOLLOW_UP_MAX_DELAY_DAYS = 60;
export const FOLLOW_UP_SUBJECT_MAX_LENGTH = 120;
export const FOLLOW_UP_EMAIL_BODY_MAX_LENGTH = 2000;
/** Two SMS segments, with room for the contractor's name and 'Reply STOP to opt out'. */
export const FOLLOW_UP_TEXT_BODY_MAX_LENGTH = 240;

/** What a template may say with `{{field}}`, and an example of each for the live preview. */
export const FOLLOW_UP_MERGE_FIELDS = {
  firstName: { label: "Homeowner's first name", example: 'Maria' },
  estimate: { label: 'Estimate range', example: '$7,310 - $12,793' },
  material: { label: 'Roof material', example: 'Asphalt shingles' },
  contractorName: { label: 'Your business name', example: 'Sunny Roofing' },
  contractorPhone: { label: 'Your phone', example: '(512) 555-0100' },
} as const;
export type FollowUpMergeField = keyof typeof FOLLOW_UP_MERGE_FIELDS;
export type FollowUpValues = Record<FollowUpMergeField, string>;

export const FOLLOW_UP_EXAMPLE_VALUES: FollowUpValues = Object.fromEntries(
  Object.entries(FOLLOW_UP_MERGE_FIELDS).map(([field, { example }]) => [field, example]),
) as FollowUpValues;

const FIELD_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

function isMergeField(name: string): name is FollowUpMergeField {
  return Object.hasOwn(FOLLOW_UP_MERGE_FIELDS, name);
}

/** The `{{…}}` names in a template that are not merge fields. */
export function unknownMergeFields(template: string): string[] {
  return [...template.matchAll(FIELD_PATTERN)]
    .map((match) => match[1]!)
    .filter((name) => !isMergeField(name));
}

/** The template with each `{{field}}` replaced by its value (plain text; escaping is the caller's). */
export function renderFollowUp(template: string, values: FollowUpValues): string {
  return template.replace(FIELD_PATTERN, (whole, name: string) =>
    isMergeField(name) ? values[name] : whole,
  );
}

function templateText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((text) => unknownMergeFields(text).length === 0, {
      error: (issue) =>
        `${label} uses an unknown merge field {{${unknownMergeFields(String(issue.input))[0]}}}: use ${Object.keys(
          FOLLOW_UP_MERGE_FIELDS,
        )
          .map((field) => `{{${field}}}`)
          .join(', ')}`,
    });
}

export const followUpStepSchema = z.discriminatedUnion(
  'channel',
  [
    z.object({
      channel: z.literal('email'),
      delayDays: z
        .number({ error: 'Days after the request must be a number' })
        .int('Days after the request must be a whole number')
        .min(1, 'Days after the request must be at least 1 (the estimate e-mail goes at once)')
        .max(
          FOLLOW_UP_MAX_DELAY_DAYS,
          `Days after the request must be at most ${FOLLOW_UP_MAX_DELAY_DAYS}`,
        ),
      subject: templateText('The subject', FOLLOW_UP_SUBJECT_MAX_LENGTH),
      body: templateText('The message', FOLLOW_UP_EMAIL_BODY_MAX_LENGTH),
    }),
    z.object({
      channel: z.literal('text'),
      delayDays: z
        .number({ error: 'Days after the request must be a number' })
        .int('Days after the request must be a whole number')
        .min(1, 'Days after the request must be at least 1 (the estimate e-mail goes at once)')
        .max(
          FOLLOW_UP_MAX_DELAY_DAYS,
          `Days after the request must be at most ${FOLLOW_UP_MAX_DELAY_DAYS}`,
        ),
      body: templateText('The text', FOLLOW_UP_TEXT_BODY_MAX_LENGTH),
    }),
  ],
  { error: "A step's channel must be 'email' or 'text'" },
);
export type FollowUpStep = z.infer<typeof followUpStepSchema>;

/** Statuses that may stop a sequence: every one but New (a lead in New is who it is for). */
export const FOLLOW_UP_STOP_STATUSES = LEAD_STATUSES.filter(
  (status): status is Exclude<LeadStatus, 'new'> => status !== 'new',
);

export const followUpSequenceSchema = z
  .object({
    enabled: z.boolean({ error: 'Follow-ups must be on or off' }),
    steps: z
      .array(followUpStepSchema, { error: 'Steps must be a list' })
      .max(FOLLOW_UP_MAX_STEPS, `At most ${FOLLOW_UP_MAX_STEPS} steps`),
    stopStatuses: z
      .array(
        z.enum(FOLLOW_UP_STOP_STATUSES, {
          error: 'Stop statuses must be lead statuses other than New',
        }),
      )
      .min(1, 'Pick at least one status that stops the follow-ups')
      .transform((statuses) =>
        FOLLOW_UP_STOP_STATUSES.filter((status) => statuses.includes(status)),
      ),
  })
  .refine(
    (sequence) =>
      sequence.steps.every(
        (step, i) => i === 0 || step.delayDays > sequence.steps[i - 1]!.delayDays,
      ),
    { error: 'Each step must come on a later day than the one before', path: ['steps'] },
  );
export type FollowUpSequence = z.output<typeof followUpSequenceSchema>;
export type FollowUpSequenceInput = z.input<typeof followUpSequenceSchema>;

/** What a contractor has before changing anything: two e-mails, stopping when the lead leaves New. */
export const DEFAULT_FOLLOW_UP_SEQUENCE: FollowUpSequence = {
  enabled: true,
  steps: [
    {
      channel: 'email',
      delayDays: 2,
      subject: 'Any questions about your roof estimate, {{firstName}}?',
      body:
        'Hi {{firstName}},\n\n' +
        'A couple of days ago you asked for a roof replacement estimate ({{estimate}} for ' +
        '{{material}}). Do you have any questions about it? We are happy to come out, measure ' +
        'your roof and give you an exact price, free of charge.\n\n' +
        'Just reply to this e-mail or call us at {{contractorPhone}}.\n\n' +
        '{{contractorName}}',
    },
    {
      channel: 'email',
      delayDays: 7,
      subject: 'Still thinking about your roof?',
      body:
        'Hi {{firstName}},\n\n' +
        'A new roof is a big decision, and there is no rush. When you are ready, we can inspect ' +
        'your roof for free and walk you through your options and financing.\n\n' +
        'Reply to this e-mail or call {{contractorPhone}} whenever suits you.\n\n' +
        '{{contractorName}}',
    },
  ],
  stopStatuses: [...FOLLOW_UP_STOP_STATUSES],
};

/** Whether a lead in `status` still gets its follow-ups. */
export function followUpsContinue(
  status: LeadStatus,
  sequence: Pick<FollowUpSequence, 'stopStatuses'>,
): boolean {
  return !(sequence.stopStatuses as readonly LeadStatus[]).includes(status);
}

/** "Day 2 · E-mail": how the editor and the timeline name a step. */
export function followUpStepName(step: Pick<FollowUpStep, 'channel' | 'delayDays'>): string {
  return `Day ${step.delayDays} · ${FOLLOW_UP_CHANNEL_LABELS[step.channel]}`;
}
