import { Inject, Injectable } from '@nestjs/common';
import { type MaterialPricing, mergeMaterialPricing } from '@rafter/domain/materials';
import { isShareSlug } from '@rafter/domain/settings';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { CalculatorRepository } from './calculator.repository';
import { CalculatorException } from './calculator.exception';
import { type PublicConfigDto, type ShareableLinkDto } from './calculator.dto';

const TEN_MINUTES_MS = 10 * 60_000;

/**
 * What the public estimator reads: map settings, an owner's prices, a share page. Prices and
 * share pages are looked up by id or slug, so those lookups are limited per visitor: guessing ids
 * and slugs in bulk gets nowhere.
 */
@Injectable()
export class CalculatorService {
  constructor(
    private readonly repository: CalculatorRepository,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  publicConfig(): PublicConfigDto {
    return {
      googleMapsApiKey: this.config.GOOGLE_MAPS_BROWSER_KEY ?? null,
      mapTileUrl: this.config.MAP_TILE_URL,
      mapAttribution: this.config.MAP_ATTRIBUTION,
      mapStreetsTileUrl: this.config.MAP_STREETS_TILE_URL,
      mapStreetsAttribution: this.config.MAP_STREETS_ATTRIBUTION,
      geocoderUrl: this.config.GEOCODER_URL,
      demoMode: !this.config.GOOGLE_MAPS_BROWSER_KEY || !this.config.GOOGLE_SOLAR_API_KEY,
    };
  }

  async materialPricing(ownerId: string, clientIp: string): Promise<MaterialPricing> {
    await this.limitLookups(clientIp);
    const prices = await this.repository.findOwnerPrices(ownerId);
    if (!prices) throw new CalculatorException('owner_not_found');
    return mergeMaterialPricing(prices);
  }

  async shareableLink(slug: string, clientIp: string): Promise<ShareableLinkDto> {
    await this.limitLookups(clientIp);
    if (!isShareSlug(slug)) throw new CalculatorException('link_not_found');
    const link = await this.repository.findLinkBySlug(slug);
    if (!link?.isActive) throw new CalculatorException('link_not_found');
    return {
      linkData: {
        user_id: link.userId,
        slug: link.slug,
        title: link.title,
        brand_color: link.brandColor,
      },
      businessProfile: {
        business_name: link.businessName,
        address: link.address,
        logo_url: link.logoUrl,
      },
      materialPricing: mergeMaterialPricing(link.prices),
    };
  }

  /** Share pages and price lookups from one visitor, together. */
  private limitLookups(clientIp: string): Promise<void> {
    return this.rateLimit.consumeForClient(
      { name: 'lookup-ip', limit: this.config.RATE_LIMIT_LOOKUP_PER_IP, windowMs: TEN_MINUTES_MS },
      clientIp,
    );
  }
}
