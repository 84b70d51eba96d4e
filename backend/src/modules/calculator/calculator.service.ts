import { Inject, Injectable } from '@nestjs/common';
import { type MaterialPricing, mergeMaterialPricing } from '@rafter/domain/materials';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { CalculatorRepository } from './calculator.repository';
import { CalculatorException } from './calculator.exception';
import { type PublicConfigDto, type ShareableLinkDto } from './calculator.dto';

/** What the public estimator reads: map settings, an owner's prices, a share page. */
@Injectable()
export class CalculatorService {
  constructor(
    private readonly repository: CalculatorRepository,
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

  async materialPricing(ownerId: string): Promise<MaterialPricing> {
    const prices = await this.repository.findOwnerPrices(ownerId);
    if (!prices) throw new CalculatorException('owner_not_found');
    return mergeMaterialPricing(prices);
  }

  async shareableLink(slug: string): Promise<ShareableLinkDto> {
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
}
