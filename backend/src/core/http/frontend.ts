import fastifyStatic from '@fastify/static';
import { APP_ROUTES, isAppRoute, sharePageSlug } from '@rafter/domain/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const NOT_HTML = /^\/(api|socket\.io|uploads)(\/|$)/;

/** `file` in `distDir`, or `fallback` when the build did not write it. */
function readPage(distDir: string, file: string, fallback: Buffer): Buffer {
  const path = join(distDir, file);
  return existsSync(path) ? readFileSync(path) : fallback;
}

/** A page's HTML with its brotli and gzip forms, compressed once at start-up. */
interface Page {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressed(raw: Buffer): Page {
  return {
    raw,
    br: brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}

/** The encoding a client accepting `acceptEncoding` gets: brotli, then gzip, else none. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
    .map(([name]) => name!.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every page route
 * (200) or any other path a browser asks for (404, so the app shows its not-found page), except
 * the pages whose first screen the build prerendered (scripts/prerender.mjs): `/` (home.html),
 * `/calc/:slug` (share.html, the same for every slug) and /widget (widget.html: the estimator
 * without the rest of the app), and /developers (developers.html: the public API reference,
 * rendered by Redoc, not the app). Returns the handler the exception filter calls for unmatched
 * GETs, or undefined when the frontend has not been built (development with Vite's own server).
 */
export async function registerFrontend(
  app: FastifyInstance,
  distDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | undefined> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = readFileSync(indexFile);
  const widgetHtml = readPage(distDir, 'widget.html', indexHtml);
  // Served as the build wrote them: their styles, and the scripts they preload and at what
  // priority, are the build's (scripts/prerender.mjs).
  const landingHtml = readPage(distDir, 'home.html', indexHtml);
  const shareHtml = readPage(distDir, 'share.html', indexHtml);
  const developersHtml = readPage(distDir, 'developers.html', indexHtml);
  // The prerendered pages carry their first screen (50 kB for `/`): on a phone's network the
  // compressed form is a fifth of that.
  const pages = {
    landing: compressed(landingHtml),
    widget: compressed(widgetHtml),
    share: compressed(shareHtml),
    developers: compressed(developersHtml),
    index: compressed(indexHtml),
  };
  const pageFor = (path: string): Page =>
    path === '/'
      ? pages.landing
      : path === APP_ROUTES.widget
        ? pages.widget
        : sharePageSlug(path) !== null
          ? pages.share
          : path === APP_ROUTES.developers || path === `${APP_ROUTES.developers}/`
            ? pages.developers
            : pages.index;

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
    const page = pageFor(path);
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    void reply
      .status(isAppRoute(path) ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(encoding ? page[encoding] : page.raw);
    return true;
  };
}
