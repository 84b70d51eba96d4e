/** Where uploaded files (logos) live: a local directory or an S3-compatible bucket. */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removing a file that is already gone is not an error. */
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** The key of a URL this storage handed out, or null for any other URL. */
  keyFromUrl(url: string): string | null;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are '<segment>/<segment>…' of plain file-name characters, so none can leave the root. */
const KEY = /^[\w-]+(\.[\w-]+)*(\/[\w-]+(\.[\w-]+)*)*$/;

export function assertStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** `url` minus `prefix` when it starts with it and leaves a valid key; otherwise null. */
export function keyAfterPrefix(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return KEY.test(key) ? key : null;
}
