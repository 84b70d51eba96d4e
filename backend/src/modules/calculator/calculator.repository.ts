import { Injectable } from '@nestjs/common';
import { type StoredMaterialPrice } from '@rafter/domain/materials';
import { PrismaService } from '../../core/database/prisma.service';
import { MATERIAL_PRICE_SELECT, toStoredPrices } from './material-prices';

export interface PublicLink {
  userId: string;
  slug: string;
  title: string;
  brandColor: string;
  isActive: boolean;
  businessName: string | null;
  address: string | null;
  logoUrl: string | null;
  prices: StoredMaterialPrice[];
}

@Injectable()
export class CalculatorRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The owner's stored prices, or null when there is no such user. */
  async findOwnerPrices(ownerId: string): Promise<StoredMaterialPrice[] | null> {
    const owner = await this.prisma.user.findUnique({
      where: { id: ownerId },
      select: { materialPricing: MATERIAL_PRICE_SELECT },
    });
    return owner ? toStoredPrices(owner.materialPricing) : null;
  }

  async findLinkBySlug(slug: string): Promise<PublicLink | null> {
    const link = await this.prisma.shareableCalculatorLink.findUnique({
      where: { slug },
      select: {
        userId: true,
        slug: true,
        title: true,
        brandColor: true,
        isActive: true,
        user: {
          select: {
            businessProfile: { select: { businessName: true, address: true, logoUrl: true } },
            materialPricing: MATERIAL_PRICE_SELECT,
          },
        },
      },
    });
    if (!link) return null;
    const { user, ...rest } = link;
    return {
      ...rest,
      businessName: user.businessProfile?.businessName ?? null,
      address: user.businessProfile?.address ?? null,
      logoUrl: user.businessProfile?.logoUrl ?? null,
      prices: toStoredPrices(user.materialPricing),
    };
  }
}
