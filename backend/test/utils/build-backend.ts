import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../../src/core/database/migrator';

/**
 * Compiles the backend (`tsc -b backend`) so that tests starting `backend/dist/*.js` as
 * deployments do run the current source; throws with the compiler's output when it fails.
 */
export function buildBackend(): void {
  const build = spawnSync('npx', ['tsc', '-b', 'backend'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (build.status !== 0) throw new Error(`tsc -b backend failed:\n${build.stdout}${build.stderr}`);
}
