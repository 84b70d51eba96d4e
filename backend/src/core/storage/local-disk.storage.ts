import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertStorageKey, type FileStorage, keyAfterPrefix } from './file-storage';

/** The URL path local uploads are served under (see uploads.ts). */
export const UPLOADS_PATH = '/uploads/';

/** Files under DATA_DIR/uploads, served by the api itself at /uploads/<key>. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = join(this.root, assertStorageKey(key));
    await mkdir(dirname(path), { recursive: true });
    // Written beside the target and renamed would be atomic, but keys are never rewritten:
    // each upload has a new timestamped name, so a reader never sees a half-written file.
    await writeFile(path, bytes, { flag: 'wx' });
  }

  async remove(key: string): Promise<void> {
    await rm(join(this.root, assertStorageKey(key)), { force: true });
  }

  publicUrl(key: string): string {
    return `${UPLOADS_PATH}${assertStorageKey(key)}`;
  }

  keyFromUrl(url: string): string | null {
    return keyAfterPrefix(url, UPLOADS_PATH);
  }
}
