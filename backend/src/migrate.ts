import { demoSeedRefusal, seedDemoData } from './demo-seed';
import { applyMigrations } from './core/database/migrator';
import { createPrismaClient } from './core/database/prisma-client';

/**
 * `node backend/dist/migrate.js [--seed-demo]`: applies pending migrations to DATABASE_URL (run
 * once per deploy, before the api and worker start) and optionally seeds the demo contractor.
 */
async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Invalid configuration: DATABASE_URL is required');
    process.exit(1);
  }
  const seed = process.argv.includes('--seed-demo');
  // Refused before anything runs, so a mistaken deploy command changes nothing.
  const refusal = seed ? demoSeedRefusal(process.env.NODE_ENV, '--seed-demo') : null;
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const applied = await applyMigrations(databaseUrl, { log: (line) => console.warn(line) });
  console.warn(
    applied.length ? `Applied ${applied.length} migration(s)` : 'Database is up to date',
  );
  if (seed) {
    const prisma = createPrismaClient(databaseUrl);
    try {
      const { created } = await seedDemoData(prisma);
      console.warn(created ? 'Seeded the demo contractor' : 'Demo contractor already present');
    } finally {
      await prisma.$disconnect();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
