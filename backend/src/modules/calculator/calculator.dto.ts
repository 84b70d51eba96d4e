import { MATERIALS, type Material } from '@rafter/domain/materials';
import {
  brandColorSchema,
  createShareLinkSchema,
  materialPricingSchema as materialPricingSettingsSchema,
} from '@rafter/domain/settings';
import {
  ROOF_MEASUREMENT_SOURCES,
  roofMeasurementRequestSchema,
} from '@rafter/domain/roof-measurement';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class PublicConfigDto extends createZodDto(
  z.object({
    /** Google Maps JavaScript key; null means the keyless map. */
    googleMapsApiKey: z.string().nullable(),
    /** The keyless map's satellite tiles, with {z}, {x} and {y}. */
    mapTileUrl: z.string(),
    mapAttribution: z.string(),
    /** The keyless map's street tiles; null offers satellite imagery only. */
    mapStreetsTileUrl: z.string().nullable(),
    mapStreetsAttribution: z.string(),
    /** Photon-compatible address search; null turns suggestions off. */
    geocoderUrl: z.string().nullable(),
    /** True while a local stand-in replaces a Google service (keyless map or simulated roofs). */
    demoMode: z.boolean(),
  }),
) {}

const priceRange = z.object({ min: z.number(), max: z.number() });
const materialPricingSchema = z.object(
  Object.fromEntries(MATERIALS.map((material) => [material, priceRange])) as Record<
    Material,
    typeof priceRange
  >,
);

/** Dollars per square foot, per material: the owner's prices over the defaults. */
export class MaterialPricingDto extends createZodDto(materialPricingSchema) {}

export class MaterialPricingQueryDto extends createZodDto(
  z.object({ ownerId: z.guid({ error: 'ownerId must be a valid id' }) }),
) {}

export class ShareableLinkQueryDto extends createZodDto(
  z.object({
    slug: z
      .string({ error: 'slug is required' })
      .trim()
      .min(1, 'slug is required')
      .max(100, 'slug must be at most 100 characters'),
  }),
) {}

export class ShareableLinkDto extends createZodDto(
  z.object({
    linkData: z.object({
      user_id: z.string(),
      slug: z.string(),
      title: z.string(),
      brand_color: z.string(),
    }),
    businessProfile: z.object({
      business_name: z.string().nullable(),
      address: z.string().nullable(),
      logo_url: z.string().nullable(),
    }),
    materialPricing: materialPricingSchema,
  }),
) {}

export class RoofMeasurementRequestDto extends createZodDto(roofMeasurementRequestSchema) {}

export class RoofMeasurementDto extends createZodDto(
  z.object({
    areaSqFt: z.number().int(),
    source: z.enum(ROOF_MEASUREMENT_SOURCES),
    pitchDegrees: z.number().nullable(),
    imageryQuality: z.string().nullable(),
    imageryDate: z.string().nullable(),
  }),
) {}

/** The Calculator tab's price table: every material, min and max, 1 to 100 dollars per sq ft. */
export class MaterialPricingSettingsDto extends createZodDto(materialPricingSettingsSchema) {}

export class MaterialPricingViewDto extends createZodDto(
  z.object({
    pricing: materialPricingSchema,
    /** False while the defaults apply because nothing was saved. */
    custom: z.boolean(),
  }),
) {}

export class CreateShareLinkDto extends createZodDto(createShareLinkSchema) {}

export class BrandColorDto extends createZodDto(brandColorSchema) {}

const shareLinkViewSchema = z.object({
  slug: z.string(),
  url: z.string(),
  brandColor: z.string(),
  title: z.string().nullable(),
  isActive: z.boolean(),
});

export class ShareLinkViewDto extends createZodDto(shareLinkViewSchema) {}

export class OwnShareLinkDto extends createZodDto(
  z.object({ link: shareLinkViewSchema.nullable() }),
) {}
