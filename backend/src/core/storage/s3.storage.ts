import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage, keyAfterPrefix } from './file-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); unset means AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where the bucket's objects are read from (bucket URL or CDN), without a trailing slash. */
  publicUrl: string;
}

/** Files in an S3-compatible bucket, read by browsers from S3_PUBLIC_URL. */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly publicBase: string;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // Most S3-compatible services only address buckets by path.
      forcePathStyle: !!options.endpoint,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
    this.publicBase = `${options.publicUrl.replace(/\/+$/, '')}/`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: assertStorageKey(key),
        Body: bytes,
        ContentType: contentType,
        // Keys are never rewritten (each upload has a new timestamped name).
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: assertStorageKey(key) }),
    );
  }

  publicUrl(key: string): string {
    return `${this.publicBase}${assertStorageKey(key)}`;
  }

  keyFromUrl(url: string): string | null {
    return keyAfterPrefix(url, this.publicBase);
  }
}
