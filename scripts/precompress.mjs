// Writes .br and .gz beside every compressible file of a built frontend, so the api serves
// compressed assets (@fastify/static `preCompressed`) without spending CPU per request.
// Usage: node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.map']);
const MIN_BYTES = 1024;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/precompress.mjs <dir>');
  process.exit(1);
}
let count = 0;
for (const file of walk(root)) {
  if (!COMPRESSIBLE.has(extname(file))) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  count++;
}
console.warn(`precompressed ${count} files in ${root}`);
