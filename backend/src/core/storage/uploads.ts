import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppConfig } from '../../config/config';
import { UPLOADS_PATH } from './local-disk.storage';

export function uploadsDir(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return join(config.DATA_DIR, 'uploads');
}

/**
 * Serves local uploads at /uploads/<key> when no bucket is configured. Names are never reused,
 * so files are cached as immutable; nosniff keeps a browser from reading one as anything but the
 * image type it is stored as, and the app-wide CSP applies to these responses too.
 */
export async function registerUploads(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (config.S3_BUCKET) return;
  const root = uploadsDir(config);
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PATH,
    // The web app's static handler owns reply.sendFile.
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: 365 * 24 * 60 * 60 * 1000,
    immutable: true,
    setHeaders: (reply) => {
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
