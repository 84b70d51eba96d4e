import { z } from 'zod';
import { MATERIALS } from './materials';
import { OWNERSHIP_VALUES, STORIES_VALUES } from './property';
import { ROOF_AREA_MAX_SQFT, ROOF_AREA_MIN_SQFT } from './estimate';

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const ADDRESS_MAX_LENGTH = 300;
/** Largest estimate accepted, in dollars: the largest roof at far above any default price. */
export const ESTIMATE_MAX_DOLLARS = 10_000_000;

/** 'X is required' when the field is missing, else the field's own complaint. */
export function fieldError(label: string, invalid: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? `${label} is required` : invalid;
}

function requiredText(label: string, maxLength: number) {
  return z
    .string({ error: fieldError(label, `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(maxLength, `${label} must be at most ${maxLength} characters`);
}

export const zipCodeSchema = z
  .string({ error: fieldError('Zip code', 'Zip code must be 5 digits') })
  .trim()
  .regex(/^\d{5}$/, 'Zip code must be 5 digits');

export const emailSchema = requiredText('Email', EMAIL_MAX_LENGTH).regex(
  z.regexes.email,
  'Email must be a valid email address',
);

/**
 * The 10 digits of a US phone number typed with any of spaces, dots, dashes, brackets and a
 * leading +1 or 1; null when it is not one.
 */
export function usPhoneDigits(phone: string): string | null {
  if (!/^[\d\s().+-]+$/.test(phone)) {
    return null;
  }
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : null;
}

/** '5125550100' → '(512) 555-0100'; anything else is returned as given. */
export function formatUsPhone(phone: string): string {
  const digits = usPhoneDigits(phone);
  return digits === null
    ? phone
    : `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Accepts any common US notation and stores the bare 10 digits. */
export const phoneSchema = requiredText('Phone number', 30)
  .refine((phone) => usPhoneDigits(phone) !== null, 'Phone number must be a 10-digit US number')
  .overwrite((phone) => usPhoneDigits(phone) ?? phone);

/** The 'Get Exact Quote' dialog: First Name, Last Name, Email, Phone Number, all required. */
export const quoteFormSchema = z.object({
  firstName: requiredText('First name', NAME_MAX_LENGTH),
  lastName: requiredText('Last name', NAME_MAX_LENGTH),
  email: emailSchema,
  phone: phoneSchema,
});

export type QuoteForm = z.infer<typeof quoteFormSchema>;
/** What the form holds before parsing (phone as typed). */
export type QuoteFormInput = z.input<typeof quoteFormSchema>;

function coordinate(label: string, bound: number) {
  return z
    .number({ error: `${label} must be a number` })
    .min(-bound, `${label} must be between -${bound} and ${bound}`)
    .max(bound, `${label} must be between -${bound} and ${bound}`)
    .nullable()
    .optional();
}

function dollars(label: string) {
  return z
    .number({ error: fieldError(label, `${label} must be a number`) })
    .min(0, `${label} must not be negative`)
    .max(
      ESTIMATE_MAX_DOLLARS,
      `${label} must be at most $${ESTIMATE_MAX_DOLLARS.toLocaleString('en-US')}`,
    );
}

/** The property answers and the estimate shown to the homeowner (widget steps 1-6). */
export const estimateDetailsSchema = z.object({
  address: requiredText('Address', ADDRESS_MAX_LENGTH),
  zipCode: zipCodeSchema,
  /** Missing when no map was available and the address was typed. */
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  ownership: z.enum(OWNERSHIP_VALUES, {
    error: fieldError('Homeowner answer', 'Homeowner answer must be owner, considering or other'),
  }),
  material: z.enum(MATERIALS, {
    error: fieldError(
      'Roofing material',
      'Roofing material must be asphalt, wood, metal, tile or slate',
    ),
  }),
  stories: z.enum(STORIES_VALUES, {
    error: fieldError('Number of stories', 'Number of stories must be one, two or three'),
  }),
  roofArea: z
    .number({ error: fieldError('Roof area', 'Roof area must be a number') })
    .min(
      ROOF_AREA_MIN_SQFT,
      `Roof area must be at least ${ROOF_AREA_MIN_SQFT.toLocaleString('en-US')} sq ft`,
    )
    .max(
      ROOF_AREA_MAX_SQFT,
      `Roof area must be at most ${ROOF_AREA_MAX_SQFT.toLocaleString('en-US')} sq ft`,
    ),
  /** Shown to the homeowner; the server recomputes all three and never stores these. */
  estimateLow: dollars('Low estimate'),
  estimateMid: dollars('Average estimate'),
  estimateHigh: dollars('High estimate'),
});

/** A homeowner's quote request: contact details plus the estimate they saw (spec section 3). */
export const leadInputSchema = z.object(
  { ...quoteFormSchema.shape, ...estimateDetailsSchema.shape },
  { error: 'Lead details are required' },
);

export type LeadInput = z.infer<typeof leadInputSchema>;

/** Bot traps sent beside the lead; a bot is answered 2xx and nothing is stored. */
export const antiSpamSchema = z.object({
  /**
   * Honeypot: a field people never see, so any text in it came from a bot. No length limit, so a
   * bot filling it gets the silent answer, not a 400 that tells it what to change.
   */
  website: z.string({ error: 'Website must be text' }).optional(),
  /**
   * The signed form token GET /api/form-token gave the widget when it loaded; single use. Without
   * a valid one the request is taken for a bot. No length limit, for the same reason as website.
   */
  formToken: z.string({ error: 'Form token must be text' }).optional(),
  /**
   * A solved proof-of-work challenge (what the widget's solver returns, base64 JSON), asked for
   * while the contractor's calculator receives a burst of requests.
   */
  challengeSolution: z.string({ error: 'Challenge solution must be text' }).optional(),
});

export type AntiSpam = z.infer<typeof antiSpamSchema>;

/** Where an owner-flow lead was captured (the leads table's source, minus server-only values). */
export const CAPTURE_SOURCES = ['widget', 'embed', 'share_page'] as const;

export type CaptureSource = (typeof CAPTURE_SOURCES)[number];

/** POST /api/capture-lead: a lead for one contractor (owner flow). */
export const captureLeadPayloadSchema = z.object(
  {
    ownerId: z.guid({ error: fieldError('Owner id', 'Owner id must be a valid id') }),
    lead: leadInputSchema,
    /** The /widget page (default), the widget inside embed.js, or the /calc/{slug} page. */
    source: z
      .enum(CAPTURE_SOURCES, { error: 'Source must be widget, embed or share_page' })
      .optional(),
    /**
     * The homeowner ticked the box agreeing to texts (its wording: TEXT_CONSENT_WORDING in
     * texts.ts). Unticked or absent: no texts.
     */
    textConsent: z.boolean({ error: 'Text consent must be true or false' }).optional(),
    /**
     * The estimator's anonymous analytics visit (domain/src/funnel.ts), so the contractor's won
     * jobs count per source and campaign. Absent when the visitor asked not to be counted (GPC
     * or Do Not Track).
     */
    visitId: z.uuid({ version: 'v7', error: 'Visit id must be a UUID version 7' }).optional(),
    ...antiSpamSchema.shape,
  },
  { error: 'Request body must be a JSON object' },
);

export type CaptureLeadPayload = z.infer<typeof captureLeadPayloadSchema>;

/** The main-site flow: a lead with no contractor yet (table main_site_leads). */
export const mainSiteLeadPayloadSchema = z.object(
  { lead: leadInputSchema, ...antiSpamSchema.shape },
  { error: 'Request body must be a JSON object' },
);

export type MainSiteLeadPayload = z.infer<typeof mainSiteLeadPayloadSchema>;

/**
 * POST /api/demo-requests: a quote request from the live demo on Rafter's landing page. Shaped like
 * a main-site request, but declared apart: a demo request is answered and forgotten, never stored
 * or offered to a contractor.
 */
export const demoRequestPayloadSchema = z.object(
  { lead: leadInputSchema, ...antiSpamSchema.shape },
  { error: 'Request body must be a JSON object' },
);

export type DemoRequestPayload = z.infer<typeof demoRequestPayloadSchema>;

/**
 * Filling the widget takes at least the 5.5 s measuring sequence, so a quote sent sooner after
 * the widget's form token was issued was not typed by a person.
 */
export const MIN_FILL_TIME_MS = 3000;

/** What a form token vouches for, once its signature and expiry were checked on the server. */
export interface FormTokenClaims {
  /** The contractor whose calculator asked for it; null on the main site. */
  ownerId: string | null;
  /** Epoch ms when the widget first got a token (kept when a token is renewed). */
  startedAt: number;
  /** Epoch ms when this token was issued. */
  issuedAt: number;
  /** Epoch ms after which it is refused. */
  expiresAt: number;
  /** Random; a token is spent once its nonce was used. */
  nonce: string;
}

/** A form token after the server read it: its claims, or why it cannot vouch for anything. */
export type FormTokenCheck =
  { claims: FormTokenClaims } | { problem: 'missing' | 'invalid' | 'expired' };

export type SpamVerdict =
  'honeypot' | 'no_token' | 'invalid_token' | 'expired_token' | 'wrong_owner' | 'too_fast' | null;

/**
 * Why a submission looks automated, or null: the honeypot was filled, the form token is missing,
 * forged, expired or another calculator's (`ownerId` null is the main site), or the quote came
 * sooner after the token's start than a person could fill the widget. Times are the server's own.
 */
export function spamVerdict(
  fields: { website?: string },
  token: FormTokenCheck,
  ownerId: string | null,
  now: Date,
): SpamVerdict {
  if (fields.website !== undefined && fields.website.trim() !== '') return 'honeypot';
  if ('problem' in token) {
    return token.problem === 'missing'
      ? 'no_token'
      : token.problem === 'expired'
        ? 'expired_token'
        : 'invalid_token';
  }
  if (token.claims.ownerId !== ownerId) return 'wrong_owner';
  const elapsed = now.getTime() - token.claims.startedAt;
  // Negative only when api instances' clocks disagree: not the homeowner's doing.
  if (elapsed >= 0 && elapsed < MIN_FILL_TIME_MS) return 'too_fast';
  return null;
}

/** GET /api/form-token: which calculator the token is for (none on the main site). */
export const formTokenQuerySchema = z.object({
  ownerId: z.guid({ error: 'Owner id must be a valid id' }).optional(),
  /** The page's previous token, so a renewed one keeps the time the widget was first shown. */
  previous: z
    .string({ error: 'Previous token must be text' })
    .max(1024, 'Previous token must be at most 1024 characters')
    .optional(),
});

export type FormTokenQuery = z.infer<typeof formTokenQuerySchema>;

/** A proof-of-work challenge (ALTCHA v2 format): find the counter whose derived key matches. */
export interface ProofOfWorkChallenge {
  parameters: Record<string, unknown>;
  signature?: string;
}

/** The form token answer; `challenge` is set while the calculator is under a burst. */
export interface FormTokenResponse {
  token: string;
  /** Seconds until the token expires, so the widget renews it without trusting its own clock. */
  expiresIn: number;
  /** Solve it and send the solution with the quote request; null when none is needed. */
  challenge: ProofOfWorkChallenge | null;
}

/** The 428 answer of a quote request sent without a solved challenge during a burst. */
export interface ChallengeRequired {
  error: string;
  challenge: ProofOfWorkChallenge;
}

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;

export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  converted: 'Converted',
  lost: 'Lost',
};

export type BadgeColor = 'blue' | 'yellow' | 'green' | 'purple' | 'red';

/** Status badge colours (spec section 4). */
export const LEAD_STATUS_COLORS: Readonly<Record<LeadStatus, BadgeColor>> = {
  new: 'blue',
  contacted: 'yellow',
  qualified: 'green',
  converted: 'purple',
  lost: 'red',
};

export const DEFAULT_LEAD_STATUS: LeadStatus = 'new';

export const leadStatusSchema = z.enum(LEAD_STATUSES, {
  error: fieldError('Status', 'Status must be new, contacted, qualified, converted or lost'),
});

/** Changing a lead's status: any value to any value (spec section 4). */
export const updateLeadStatusSchema = z.object({ status: leadStatusSchema });

export type UpdateLeadStatus = z.infer<typeof updateLeadStatusSchema>;

/** A lead's name as one string, 'Unknown' when both parts are empty (spec section 3). */
export function leadDisplayName(firstName: string | null, lastName: string | null): string {
  const name = [firstName, lastName]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? 'Unknown' : name;
}
