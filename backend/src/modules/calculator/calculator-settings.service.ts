import { Inject, Injectable } from '@nestjs/common';
import { mergeMaterialPricing } from '@rafter/domain/materials';
import { APP_ROUTES } from '@rafter/domain/routes';
import {
  type MaterialPricingView,
  SHARE_SLUG_BYTES,
  type ShareLinkView,
} from '@rafter/domain/settings';
import { randomBytes } from 'node:crypto';
import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PlanAccessService } from '../plans/plan-access.service';
import {
  CalculatorSettingsRepository,
  type StoredShareLink,
} from './calculator-settings.repository';
import { CalculatorException } from './calculator.exception';
import { type MaterialPricingSettingsDto } from './calculator.dto';

/**
 * A refused insert is almost surely this owner's own link created a moment ago by another request;
 * two random 128-bit slugs colliding would take one more try.
 */
const SLUG_ATTEMPTS = 3;

/** 128 bits from the CSPRNG, URL-safe: a share page cannot be found by guessing its address. */
function newShareSlug(): string {
  return randomBytes(SHARE_SLUG_BYTES).toString('base64url');
}

/** The dashboard's Calculator tab: the owner's prices and share link. */
@Injectable()
export class CalculatorSettingsService {
  constructor(
    private readonly repository: CalculatorSettingsRepository,
    private readonly planAccess: PlanAccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async pricing(userId: string): Promise<MaterialPricingView> {
    const stored = await this.repository.findPrices(userId);
    return { pricing: mergeMaterialPricing(stored), custom: stored.length > 0 };
  }

  async savePricing(
    userId: string,
    body: MaterialPricingSettingsDto,
  ): Promise<MaterialPricingView> {
    await this.planAccess.assertFeature(userId, 'customPricing');
    await this.repository.savePrices(userId, body.pricing);
    return this.pricing(userId);
  }

  async shareLink(userId: string): Promise<{ link: ShareLinkView | null }> {
    const link = await this.repository.findLink(userId);
    return { link: link && this.view(link) };
  }

  /** The owner's one link: the existing one (created false), else a new one with a free slug. */
  async createShareLink(
    userId: string,
    brandColor: string | undefined,
  ): Promise<{ link: ShareLinkView; created: boolean }> {
    await this.planAccess.assertFeature(userId, 'shareLink');
    const existing = await this.repository.findLink(userId);
    if (existing) return { link: this.view(existing), created: false };

    const businessName = await this.repository.findBusinessName(userId);
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt += 1) {
      const created = await this.repository.createLink(userId, {
        slug: newShareSlug(),
        brandColor: brandColor ?? DEFAULT_BRAND_COLOR,
        title: businessName ? `${businessName} Calculator` : undefined,
      });
      if (created) return { link: this.view(created), created: true };
      // A concurrent request may have created this owner's link; otherwise the slug was taken.
      const raced = await this.repository.findLink(userId);
      if (raced) return { link: this.view(raced), created: false };
    }
    throw new CalculatorException('slug_unavailable');
  }

  async updateBrandColor(userId: string, brandColor: string): Promise<ShareLinkView> {
    await this.planAccess.assertFeature(userId, 'customColors');
    const link = await this.repository.updateBrandColor(userId, brandColor);
    if (!link) throw new CalculatorException('share_link_missing');
    return this.view(link);
  }

  private view(link: StoredShareLink): ShareLinkView {
    return {
      slug: link.slug,
      url: `${this.config.PUBLIC_URL}${APP_ROUTES.sharePage.replace(':slug', link.slug)}`,
      brandColor: link.brandColor,
      title: link.title,
      isActive: link.isActive,
    };
  }
}
