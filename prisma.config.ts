import { defineConfig } from 'prisma/config';

// The datasource URL is only needed by CLI commands that talk to the database; `prisma generate`
// does not, so a placeholder keeps generation working on machines without DATABASE_URL.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: {
    url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/rafter',
  },
});
