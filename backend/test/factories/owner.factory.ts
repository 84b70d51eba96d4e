import { toServiceAreas } from '@rafter/domain/service-area';
import { randomBytes } from 'node:crypto';
import { type Material, type PriceRange } from '@rafter/domain/materials';
import {
  type PrismaClient,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '../../src/generated/prisma/client';

export interface OwnerOptions {
  /** null: no subscription row at all. Default an active Smart plan. */
  plan?: SubscriptionPlan | null;
  status?: SubscriptionStatus;
  currentPeriodEnd?: Date | null;
  prices?: Partial<Record<Material, PriceRange>>;
  profile?: {
    businessName?: string;
    address?: string;
    logoUrl?: string;
    idealCustomerValue?: number;
    /** IANA name; the month of the lead allowance follows it. */
    timezone?: string;
    /** Entries as a contractor types them ('78701', 'Austin, TX'). */
    areasOfService?: string[];
  };
  link?: { slug: string; title?: string; brandColor?: string; isActive?: boolean };
}

const DAY_MS = 24 * 3600 * 1000;

/** A contractor with the subscription, prices, profile and share link a test asks for. */
export async function createOwner(
  prisma: PrismaClient,
  options: OwnerOptions = {},
): Promise<{ id: string; email: string }> {
  const plan = options.plan === undefined ? 'smart' : options.plan;
  const user = await prisma.user.create({
    data: {
      email: `owner-${randomBytes(6).toString('hex')}@example.com`,
      fullName: 'Test Roofer',
      subscription: plan
        ? {
            create: {
              plan,
              status: options.status ?? 'active',
              currentPeriodEnd:
                options.currentPeriodEnd === undefined
                  ? new Date(Date.now() + 20 * DAY_MS)
                  : options.currentPeriodEnd,
            },
          }
        : undefined,
      materialPricing: {
        create: Object.entries(options.prices ?? {}).map(([material, price]) => ({
          material: material as Material,
          minPrice: price.min,
          maxPrice: price.max,
        })),
      },
      businessProfile: options.profile
        ? {
            create: {
              ...options.profile,
              areasOfService: toServiceAreas(options.profile.areasOfService ?? []),
            },
          }
        : undefined,
      shareableLink: options.link ? { create: options.link } : undefined,
    },
    select: { id: true, email: true },
  });
  return user;
}

/** `count` leads for the owner, created at `createdAt` (what monthly limits count). */
export async function createLeads(
  prisma: PrismaClient,
  ownerId: string,
  count: number,
  createdAt = new Date(),
): Promise<void> {
  await prisma.lead.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      ownerId,
      firstName: 'Earlier',
      lastName: `Lead ${index}`,
      email: `earlier${index}@example.com`,
      phone: '5125550100',
      address: `${100 + index} Oak St, Austin, TX 78704, USA`,
      zipCode: '78704',
      ownership: 'owner' as const,
      material: 'asphalt' as const,
      stories: 'one' as const,
      createdAt,
    })),
  });
}
