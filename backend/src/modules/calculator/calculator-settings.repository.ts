import { Injectable } from '@nestjs/common';
import { type Material, type PriceRange, type StoredMaterialPrice } from '@rafter/domain/materials';
import { PrismaService } from '../../core/database/prisma.service';
import { Prisma } from '../../generated/prisma/client';
import { MATERIAL_PRICE_SELECT, toStoredPrices } from './material-prices';

export interface StoredShareLink {
  slug: string;
  title: string;
  brandColor: string;
  isActive: boolean;
}

const LINK_SELECT = { slug: true, title: true, brandColor: true, isActive: true } as const;

/** The owner's own price table and share link, as the dashboard edits them. */
@Injectable()
export class CalculatorSettingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findPrices(userId: string): Promise<StoredMaterialPrice[]> {
    return toStoredPrices(
      await this.prisma.materialPricing.findMany({ where: { userId }, ...MATERIAL_PRICE_SELECT }),
    );
  }

  /** Writes every material's row at once, so a reader never sees half a table. */
  async savePrices(userId: string, pricing: Record<Material, PriceRange>): Promise<void> {
    await this.prisma.$transaction(
      Object.entries(pricing).map(([material, range]) =>
        this.prisma.materialPricing.upsert({
          where: { userId_material: { userId, material: material as Material } },
          create: {
            userId,
            material: material as Material,
            minPrice: range.min,
            maxPrice: range.max,
          },
          update: { minPrice: range.min, maxPrice: range.max },
        }),
      ),
    );
  }

  findLink(userId: string): Promise<StoredShareLink | null> {
    return this.prisma.shareableCalculatorLink.findUnique({
      where: { userId },
      select: LINK_SELECT,
    });
  }

  findBusinessName(userId: string): Promise<string | null> {
    return this.prisma.businessProfile
      .findUnique({ where: { userId }, select: { businessName: true } })
      .then((profile) => profile?.businessName ?? null);
  }

  /** The new link, or null when the slug or the owner already has one (a unique violation). */
  async createLink(
    userId: string,
    link: { slug: string; brandColor: string; title?: string },
  ): Promise<StoredShareLink | null> {
    try {
      return await this.prisma.shareableCalculatorLink.create({
        data: { userId, ...link },
        select: LINK_SELECT,
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        return null;
      }
      throw error;
    }
  }

  /** The updated link, or null when the owner has none. */
  async updateBrandColor(userId: string, brandColor: string): Promise<StoredShareLink | null> {
    const { count } = await this.prisma.shareableCalculatorLink.updateMany({
      where: { userId },
      data: { brandColor },
    });
    return count === 0 ? null : this.findLink(userId);
  }
}
