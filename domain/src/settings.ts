import { z } from 'zod';
import { parseBrandColor, toBrandColor } from './branding';
import { MATERIALS, type Material, type MaterialPricing } from './materials';
import {
  DEFAULT_NEW_LEAD_REMINDER_MINUTES,
  isNewLeadReminderMinutes,
  NEW_LEAD_REMINDER_OPTIONS,
} from './lead-reminders';
import { parseServiceArea, type ServiceArea, serviceAreaKey } from './service-area';

export const LEAD_TYPES = ['shared', 'exclusive'] as const;

export type LeadType = (typeof LEAD_TYPES)[number];

/** True for a time zone name the runtime's IANA database knows, e.g. 'America/Denver'. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An optional text field: blank (or only spaces) is stored as null. */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
}

export const AREAS_OF_SERVICE_MAX = 200;

/** The areas in order, an area given twice (however spelled) kept once, as first typed. */
export function uniqueServiceAreas(areas: readonly ServiceArea[]): ServiceArea[] {
  const seen = new Set<string>();
  return areas.filter((area) => {
    const key = serviceAreaKey(area);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One entry per area, as the profile's chips hold them: each read by parseServiceArea (the error
 * names the entry and says what to type), then repeats dropped.
 */
const serviceAreasField = z
  .array(
    z.string({ error: 'Each area of service must be text' }).transform((text, context) => {
      const parsed = parseServiceArea(text);
      if ('error' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.area;
    }),
    { error: 'Areas of service must be a list' },
  )
  .max(AREAS_OF_SERVICE_MAX, `At most ${AREAS_OF_SERVICE_MAX} areas of service`)
  .transform(uniqueServiceAreas);

export const businessProfileSchema = z.object({
  businessName: optionalText('Business name', 120),
  address: optionalText('Address', 300),
  areasOfService: serviceAreasField,
  idealCustomerProfile: optionalText('Ideal customer profile', 2000),
  idealCustomerValue: z
    .number({ error: 'Ideal customer value must be a number' })
    .min(0, 'Ideal customer value must not be negative')
    .nullable(),
  leadsPerDay: z
    .number({ error: 'Leads per day must be a number' })
    .int('Leads per day must be a whole number')
    .min(1, 'Leads per day must be at least 1')
    .max(1000, 'Leads per day must be at most 1000'),
  leadType: z.enum(LEAD_TYPES, { error: "Lead type must be 'shared' or 'exclusive'" }),
  notifyNewLeads: z.boolean({ error: 'New lead notifications must be on or off' }),
  /** Minutes of business hours a lead may stay New before a reminder; 0 is off. Omitted: kept. */
  newLeadReminderMinutes: z
    .number({ error: 'The still-New reminder must be a number of minutes' })
    .refine(
      isNewLeadReminderMinutes,
      `The still-New reminder must be one of ${NEW_LEAD_REMINDER_OPTIONS.join(', ')} minutes (0 is off)`,
    )
    .optional(),
  timezone: z
    .string({ error: 'Time zone must be text' })
    .refine(isTimeZone, 'Time zone must be an IANA time zone like America/Denver')
    .nullable(),
});

export type BusinessProfileInput = z.input<typeof businessProfileSchema>;

export interface BusinessProfileView {
  businessName: string | null;
  address: string | null;
  areasOfService: ServiceArea[];
  idealCustomerProfile: string | null;
  idealCustomerValue: number | null;
  leadsPerDay: number;
  leadType: LeadType;
  notifyNewLeads: boolean;
  newLeadReminderMinutes: number;
  timezone: string | null;
  logoUrl: string | null;
}

/** What GET /api/profile answers before anything is saved. */
export const DEFAULT_BUSINESS_PROFILE: Readonly<BusinessProfileView> = {
  businessName: null,
  address: null,
  areasOfService: [],
  idealCustomerProfile: null,
  idealCustomerValue: null,
  leadsPerDay: 5,
  leadType: 'shared',
  notifyNewLeads: true,
  newLeadReminderMinutes: DEFAULT_NEW_LEAD_REMINDER_MINUTES,
  timezone: null,
  logoUrl: null,
};

/** Bounds of a saved price in dollars per square foot (spec section 5: inputs from 1 to 100). */
export const PRICE_INPUT_MIN = 1;
export const PRICE_INPUT_MAX = 100;

function settingsPrice(label: string, bound: 'Minimum' | 'Maximum') {
  const name = `${bound} price for ${label}`;
  return z
    .number({ error: `${name} must be a number` })
    .min(PRICE_INPUT_MIN, `${name} must be at least $${PRICE_INPUT_MIN}`)
    .max(PRICE_INPUT_MAX, `${name} must be at most $${PRICE_INPUT_MAX}`);
}

function settingsRange(material: Material) {
  const label = MATERIAL_NAMES[material];
  return z
    .object(
      { min: settingsPrice(label, 'Minimum'), max: settingsPrice(label, 'Maximum') },
      { error: `Prices for ${label} are required` },
    )
    .refine((range) => range.min <= range.max, {
      error: `Minimum price for ${label} must not be above its maximum`,
      path: ['min'],
    });
}

/** Short material names for messages, e.g. 'Minimum price for Metal must not be above its maximum'. */
export const MATERIAL_NAMES: Readonly<Record<Material, string>> = {
  asphalt: 'Asphalt',
  wood: 'Wood',
  metal: 'Metal',
  tile: 'Tile',
  slate: 'Slate',
};

export const materialPricingSchema = z.object({
  pricing: z.object(
    Object.fromEntries(MATERIALS.map((material) => [material, settingsRange(material)])) as {
      [M in Material]: ReturnType<typeof settingsRange>;
    },
    { error: 'Prices for every material are required' },
  ),
});

export type MaterialPricingSettingsInput = z.infer<typeof materialPricingSchema>;

export interface MaterialPricingView {
  pricing: MaterialPricing;
  /** False while the defaults apply because nothing was saved. */
  custom: boolean;
}

export const brandColorSchema = z.object({
  brandColor: z
    .string({ error: 'Brand colour must be a hex colour like #16a34a' })
    .refine(
      (value) => toBrandColor(value) !== null,
      'Brand colour must be a hex colour like #16a34a',
    )
    .transform((value) => parseBrandColor(value)),
});

export type BrandColorInput = z.input<typeof brandColorSchema>;

/** Body of POST /api/share-link: optional, as is its colour (the brand default then). */
export const createShareLinkSchema = z
  .object({ brandColor: brandColorSchema.shape.brandColor.optional() })
  .default({});

export interface ShareLinkView {
  slug: string;
  url: string;
  brandColor: string;
  title: string | null;
  isActive: boolean;
}

/** The largest logo the server stores, and the errors it answers (the form checks them first). */
export const LOGO_MAX_BYTES = 2097152;
export const LOGO_ERRORS = {
  notImage: 'Please select an image file',
  tooLarge: 'Logo must be less than 2MB',
} as const;

/** Bytes of randomness in a new share-link slug: 128 bits, too many to guess or enumerate. */
export const SHARE_SLUG_BYTES = 16;

/** New share-link slugs: the random bytes as base64url (22 URL-safe characters). */
export const SHARE_SLUG_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Slugs made before random ones: 'adjective-noun-number', the number in 1000..10999. */
export const LEGACY_SHARE_SLUG_PATTERN = /^[a-z]+-[a-z]+-(\d{4,5})$/;

/** A share-link slug as the product makes them, new or legacy (legacy links keep working). */
export function isShareSlug(value: string): boolean {
  if (SHARE_SLUG_PATTERN.test(value)) return true;
  const legacy = LEGACY_SHARE_SLUG_PATTERN.exec(value);
  if (!legacy) return false;
  const number = Number(legacy[1]);
  return number >= 1000 && number <= 10999;
}
