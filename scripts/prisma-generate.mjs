// Runs `prisma generate` on machines without network access.
// Prisma's CLI insists on a schema engine binary even though generate never uses it; when the
// engine was not downloaded (install scripts are not run here), point it at any existing file.
// Machines where the engine is present keep Prisma's normal behaviour.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const enginesDir = dirname(require.resolve('@prisma/engines/package.json'));
  const hasEngine = readdirSync(enginesDir).some((name) => name.startsWith('schema-engine'));
  if (!hasEngine) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
const cli = join(dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
if (!existsSync(cli)) {
  console.error(`Prisma CLI not found at ${cli}; run npm install first.`);
  process.exit(1);
}
const result = spawnSync(process.execPath, [cli, 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
