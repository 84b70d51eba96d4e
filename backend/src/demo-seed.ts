import { computeEstimate, simulateRoofArea } from '@rafter/domain/estimate';
import { scoreOwnerLead } from '@rafter/domain/lead-score';
import { DEFAULT_MATERIAL_PRICING, MATERIALS, type Material } from '@rafter/domain/materials';
import { isHomeowner, type Ownership, type Stories } from '@rafter/domain/property';
import { toServiceAreas } from '@rafter/domain/service-area';
import { type LeadStatus, type PrismaClient } from './generated/prisma/client';
import { DEMO_EMAIL, DEMO_PASSWORD } from './modules/auth/demo-account';
import { hashPassword } from './modules/auth/passwords';

export { DEMO_EMAIL, DEMO_PASSWORD };

export const DEMO_SLUG = 'sunny-roof-1042';

/**
 * Demo data refuses production: its contractor signs in with a password printed in the README
 * and in the sign-in dialog. The one-line reason, or null when seeding may go ahead.
 */
export function demoSeedRefusal(nodeEnv: string | undefined, requestedBy: string): string | null {
  if (nodeEnv !== 'production') return null;
  return (
    `${requestedBy} is refused in production (NODE_ENV=production): the demo contractor ` +
    `signs in with the published password ${DEMO_PASSWORD}.`
  );
}

/** Prisma's 5 s default is too short on a busy machine; the seed runs once, at start-up. */
const SEED_TRANSACTION_OPTIONS = { timeout: 60_000, maxWait: 10_000 };
const DEMO_LEADS = 36;
const AREAS_OF_SERVICE = toServiceAreas([
  '78701',
  '78702',
  '78703',
  '78704',
  '78745',
  'Austin, TX',
]);
const IDEAL_DEAL_VALUE = 12_000;

/** A small fixed-seed generator, so every fresh machine gets the same demo data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Jennifer',
  'David',
  'Elizabeth',
  'Carlos',
  'Susan',
  'Daniel',
  'Karen',
  'Jose',
  'Nancy',
  'Anthony',
  'Ashley',
  'Kevin',
];
const LAST_NAMES = [
  'Garcia',
  'Johnson',
  'Nguyen',
  'Smith',
  'Martinez',
  'Brown',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Hernandez',
  'Moore',
  'Taylor',
  'Jackson',
  'Lee',
];
const STREETS = [
  'Barton Springs Rd',
  'S Congress Ave',
  'E 6th St',
  'Windsor Rd',
  'W Mary St',
  'Rosewood Ave',
  'Manor Rd',
  'Enfield Rd',
  'Ben White Blvd',
  'Westgate Blvd',
  'Cesar Chavez St',
  'Riverside Dr',
];
const ZIPS = ['78701', '78702', '78703', '78704', '78745', '78746', '78750'];
const STATUSES: LeadStatus[] = [
  'new',
  'new',
  'new',
  'contacted',
  'contacted',
  'qualified',
  'qualified',
  'converted',
  'lost',
];
const OWNERSHIPS: Ownership[] = ['owner', 'owner', 'owner', 'considering', 'other'];
const STORIES: Stories[] = ['one', 'one', 'two', 'two', 'three'];

const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)] as T;

/**
 * Creates the demo contractor (confirmed e-mail and password, active Smart plan, business
 * profile, share link, custom prices) and a few dozen leads computed with the product's own
 * estimate and score rules. When the demo contractor already exists, only gives it the demo
 * password if it has none (it was seeded before accounts existed). Returns the share link slug.
 */
export async function seedDemoData(
  prisma: PrismaClient,
  now = new Date(),
): Promise<{ created: boolean; slug: string }> {
  const existing = await prisma.user.findUnique({
    where: { email: DEMO_EMAIL },
    select: { id: true, passwordHash: true, emailVerifiedAt: true },
  });
  if (existing) {
    if (!existing.passwordHash) {
      await prisma.user.update({
        where: { id: existing.id },
        data: {
          passwordHash: await hashPassword(DEMO_PASSWORD),
          emailVerifiedAt: existing.emailVerifiedAt ?? now,
        },
      });
    }
    return { created: false, slug: DEMO_SLUG };
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const next = random(1042);
  const day = 24 * 3600 * 1000;
  const pricing = { ...DEFAULT_MATERIAL_PRICING, asphalt: { min: 3.9, max: 6.25 } };

  await prisma.$transaction(async (tx) => {
    const owner = await tx.user.create({
      data: {
        email: DEMO_EMAIL,
        fullName: 'Dana Whitfield',
        passwordHash,
        emailVerifiedAt: now,
        subscription: {
          create: {
            plan: 'smart',
            status: 'active',
            currentPeriodStart: new Date(now.getTime() - 10 * day),
            currentPeriodEnd: new Date(now.getTime() + 20 * day),
            firstPaidAt: new Date(now.getTime() - 70 * day),
          },
        },
        businessProfile: {
          create: {
            businessName: 'Lone Star Roofing Co.',
            address: '1100 S Lamar Blvd, Austin, TX 78704',
            areasOfService: AREAS_OF_SERVICE,
            idealCustomerProfile: 'Homeowners replacing asphalt or metal roofs in central Austin.',
            idealCustomerValue: IDEAL_DEAL_VALUE,
          },
        },
        shareableLink: { create: { slug: DEMO_SLUG, title: 'Lone Star Roofing Calculator' } },
        materialPricing: {
          create: MATERIALS.map((material) => ({
            material,
            minPrice: pricing[material].min,
            maxPrice: pricing[material].max,
          })),
        },
      },
    });

    for (let index = 0; index < DEMO_LEADS; index++) {
      const firstName = pick(next, FIRST_NAMES);
      const lastName = pick(next, LAST_NAMES);
      const zipCode = pick(next, ZIPS);
      const address = `${100 + Math.floor(next() * 4800)} ${pick(next, STREETS)}, Austin, TX ${zipCode}, USA`;
      const material: Material = next() < 0.55 ? 'asphalt' : pick(next, MATERIALS);
      const stories = pick(next, STORIES);
      const ownership = pick(next, OWNERSHIPS);
      const roofArea = simulateRoofArea({ address, zipCode, stories, material });
      const estimate = computeEstimate(roofArea, pricing[material]);
      const { score, reasons } = scoreOwnerLead(
        { ownership, material, roofArea, estimateMid: estimate.mid, zipCode, address },
        { idealCustomerValue: IDEAL_DEAL_VALUE, areasOfService: AREAS_OF_SERVICE },
      );
      const createdAt = new Date(now.getTime() - Math.floor(next() * 60 * day));
      const status = pick(next, STATUSES);
      const lead = await tx.lead.create({
        data: {
          ownerId: owner.id,
          firstName,
          lastName,
          email: `${firstName}.${lastName}${index}@example.com`.toLowerCase(),
          phone: `512555${String(1000 + index).padStart(4, '0')}`,
          address,
          zipCode,
          latitude: 30.2672 + (next() - 0.5) * 0.12,
          longitude: -97.7431 + (next() - 0.5) * 0.12,
          ownership,
          isHomeowner: isHomeowner(ownership),
          material,
          stories,
          roofArea,
          estimateLow: estimate.low,
          estimateMid: estimate.mid,
          estimateHigh: estimate.high,
          score,
          scoreReasons: reasons.map((reason) => ({ ...reason })),
          status,
          source: 'demo',
          createdAt,
        },
      });
      await tx.leadEvent.create({
        data: { leadId: lead.id, ownerId: owner.id, type: 'created', toStatus: 'new', createdAt },
      });
      if (status !== 'new') {
        await tx.leadEvent.create({
          data: {
            leadId: lead.id,
            ownerId: owner.id,
            type: 'status_changed',
            fromStatus: 'new',
            toStatus: status,
            actorId: owner.id,
            createdAt: new Date(Math.min(createdAt.getTime() + day, now.getTime())),
          },
        });
      }
    }
  }, SEED_TRANSACTION_OPTIONS);
  return { created: true, slug: DEMO_SLUG };
}
