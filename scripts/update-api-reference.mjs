// Vendors Redoc's standalone bundle, the renderer of the public API reference at /developers
// (frontend/public/developers/). Run `node scripts/update-api-reference.mjs [version]` to move to
// another Redoc release; the file is checked in because the redoc package's own dependencies do
// not install beside React 19 (docs/decisions/0028).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const version = process.argv[2] ?? '3.0.1';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'frontend', 'public', 'developers');
const work = mkdtempSync(join(tmpdir(), 'redoc-'));
try {
  const tarball = execFileSync('npm', ['pack', `redoc@${version}`, '--silent'], {
    cwd: work,
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['xzf', tarball], { cwd: work });
  copyFileSync(
    join(work, 'package', 'bundles', 'redoc.standalone.js'),
    join(target, 'redoc.standalone.js'),
  );
  copyFileSync(join(work, 'package', 'LICENSE'), join(target, 'REDOC-LICENSE'));
  writeFileSync(join(target, 'REDOC-VERSION'), `${version}\n`);
  console.log(`frontend/public/developers: Redoc ${version}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
