import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@rafter/domain/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const NOT_HTML = /^\/(api|socket\.io|uploads)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every page route
 * (200) or any other path a browser asks for (404, so the app shows its not-found page).
 * Returns the handler the exception filter calls for unmatched GETs, or undefined when the
 * frontend has not been built (development with Vite's own server).
 */
export async function registerFrontend(
  app: FastifyInstance,
  distDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | undefined> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = readFileSync(indexFile);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
    preCompressed: true,
    // Directories (the site root) are pages, not listings: let the HTML fallback answer them.
    allowedPath: (pathName) => !pathName.endsWith('/'),
    setHeaders: (response, path) => {
      const immutable = path.includes(`${join(distDir, 'assets')}`);
      response.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!['GET', 'HEAD'].includes(request.method) || NOT_HTML.test(path)) return false;
    void reply
      .status(isAppRoute(path) ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
    return true;
  };
}
