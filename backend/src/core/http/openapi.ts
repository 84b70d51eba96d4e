import { type INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { REFRESH_COOKIE_NAME } from '@rafter/domain/auth-session';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { PROBLEM_TYPE_BASE, PUBLIC_API_PREFIX } from '../errors/problem-details';

type Operation = { security?: Record<string, string[]>[]; summary?: string };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function operations(document: OpenAPIObject): Operation[] {
  return Object.values(document.paths).flatMap((item) =>
    METHODS.flatMap((method) => (item[method] ? [item[method] as Operation] : [])),
  );
}

/** The document with only the paths `keep` says yes to, and only the schemas those reach. */
function withPaths(document: OpenAPIObject, keep: (path: string) => boolean): OpenAPIObject {
  const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => keep(path)));
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const name = child.replace('#/components/schemas/', '');
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(paths);
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      securitySchemes: { ...document.components?.securitySchemes },
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}

/**
 * Operations without a guard declare that they need no credentials (`security: []`), so each
 * operation says what it needs.
 */
function declareOpenOperations(document: OpenAPIObject): OpenAPIObject {
  for (const operation of operations(document)) operation.security ??= [];
  return document;
}

const EMPTY_TYPE_KEY = 'x-nestjs_zod-empty-type';

/**
 * A nullable scalar property of a zod DTO (`z.string().nullable()`, JSON Schema
 * `type: ['string', 'null']`) reaches @nestjs/swagger as a list of types, which it reads as an
 * array of the first (`type: 'array', items: { type: 'string' }`). nestjs-zod marks such
 * properties (their type was not one string); a real array's type was. Put the type list back
 * before nestjs-zod cleans the document up.
 */
function restoreNullableTypes(document: OpenAPIObject): OpenAPIObject {
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    const properties = (schema as { properties?: Record<string, Record<string, unknown>> })
      .properties;
    for (const property of Object.values(properties ?? {})) {
      const items = property.items as { type?: unknown } | undefined;
      if (
        property[EMPTY_TYPE_KEY] &&
        property.type === 'array' &&
        typeof items?.type === 'string'
      ) {
        property.type = [items.type, 'null'];
        delete property.items;
      }
    }
  }
  return document;
}

const isPublicApi = (path: string) =>
  path === PUBLIC_API_PREFIX || path.startsWith(`${PUBLIC_API_PREFIX}/`);

/**
 * Two OpenAPI 3.1 documents (both lint-clean with `@redocly/cli lint`, scripts/lint-openapi.mjs):
 * the app's own API at /api/openapi.json with Swagger UI at /api/docs, and the public API at
 * /api/v1/openapi.json (docs/api.md).
 */
export function setupOpenApi(
  app: INestApplication,
  publicUrl: string,
  { buildNow }: { buildNow: boolean },
): void {
  // Scanning every route and zod schema takes half a second to a second of the event loop. In
  // production it is paid at start-up, before the api serves anyone; elsewhere (development, each
  // test file that boots the api) on the first request for a document, so a process that never
  // serves one never pays it (docs/performance.md, thirty-first run).
  let documents: { app: OpenAPIObject; public: OpenAPIObject } | undefined;
  const built = () => (documents ??= buildDocuments(app, publicUrl));
  if (buildNow) built();
  SwaggerModule.setup('api/docs', app, () => built().app, {
    jsonDocumentUrl: 'api/openapi.json',
    customSiteTitle: 'Rafter API',
  });
  const fastify = app.getHttpAdapter().getInstance() as {
    get(path: string, handler: () => OpenAPIObject): void;
  };
  fastify.get(`${PUBLIC_API_PREFIX}/openapi.json`, () => built().public);
}

function buildDocuments(
  app: INestApplication,
  publicUrl: string,
): { app: OpenAPIObject; public: OpenAPIObject } {
  const full = cleanupOpenApiDoc(
    restoreNullableTypes(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle('Rafter API')
          .setDescription(
            'Instant roof-replacement estimates and lead capture for roofing contractors: the routes the Rafter web app uses. ' +
              'Errors are JSON `{ "error": "…" }`; validation errors also list `fields`. ' +
              `Integrations use the versioned public API instead: ${publicUrl}/api/v1/openapi.json.`,
          )
          .setVersion('1.0')
          .setLicense('Proprietary', `${publicUrl}/terms`)
          .addServer(publicUrl)
          .addBearerAuth(
            {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'A session access token',
            },
            'bearer',
          )
          .addBearerAuth(
            {
              type: 'http',
              scheme: 'bearer',
              description:
                "An API key (`rft_live_…` or `rft_test_…`) created in the dashboard's Integrations tab",
            },
            'apiKey',
          )
          .addCookieAuth(
            REFRESH_COOKIE_NAME,
            {
              type: 'apiKey',
              in: 'cookie',
              description: 'The httpOnly refresh-token cookie set by sign-in',
            },
            REFRESH_COOKIE_NAME,
          )
          .build(),
      ),
    ),
    { version: '3.1' },
  );
  // The schemas nestjs-zod emits are JSON Schema 2020-12, i.e. OpenAPI 3.1.
  full.openapi = '3.1.0';
  const appDocument = declareOpenOperations(withPaths(full, (path) => !isPublicApi(path)));
  delete appDocument.components!.securitySchemes!.apiKey;

  const publicDocument = withPaths(full, isPublicApi);
  delete publicDocument.components!.securitySchemes!.bearer;
  delete publicDocument.components!.securitySchemes![REFRESH_COOKIE_NAME];
  publicDocument.info = {
    title: 'Rafter public API',
    version: '1.0',
    license: { name: 'Proprietary', url: `${publicUrl}/terms` },
    description: [
      "Read and change a roofing contractor's leads from other systems (a CRM, Zapier, a spreadsheet).",
      '',
      "**Authentication**: `Authorization: Bearer <API key>`, a key created in the dashboard's Integrations tab (Smart and Instant plans), with the scopes `leads:read`, `leads:write` and `webhooks:manage`.",
      '',
      '**Rate limit**: per key, told in the `RateLimit` and `RateLimit-Policy` headers; past it, 429 with `Retry-After`.',
      '',
      '**Retries**: writes accept an `Idempotency-Key` header; the same key and body get the first answer again for 24 hours.',
      '',
      `**Errors**: RFC 9457 problem details (\`application/problem+json\`), \`type\` is \`${PROBLEM_TYPE_BASE}<code>\`.`,
      '',
      '## Quick start',
      '',
      '```sh',
      `export RAFTER=${publicUrl}`,
      'export RAFTER_KEY=rft_live_...   # Integrations tab → Create API key',
      'curl -s "$RAFTER/api/v1/account" -H "Authorization: Bearer $RAFTER_KEY"',
      'curl -s "$RAFTER/api/v1/leads?status=new&limit=10" -H "Authorization: Bearer $RAFTER_KEY"',
      'curl -s -X POST "$RAFTER/api/v1/leads/LEAD_ID/notes" \\',
      '  -H "Authorization: Bearer $RAFTER_KEY" -H "Content-Type: application/json" \\',
      '  -H "Idempotency-Key: $(uuidgen)" -d \'{"body":"Called back, inspection Friday"}\'',
      '# a key with webhooks:manage: send new leads to a URL (a Zapier Catch Hook, your CRM)',
      'curl -s -X POST "$RAFTER/api/v1/hooks" -H "Authorization: Bearer $RAFTER_KEY" \\',
      '  -H "Content-Type: application/json" \\',
      '  -d \'{"target_url":"https://hooks.zapier.com/hooks/catch/123/abc/","event":"lead.created"}\'',
      '```',
    ].join('\n'),
  };
  publicDocument.tags = [
    { name: 'leads', description: "The contractor's leads" },
    { name: 'account', description: 'The key, its contractor, plan and usage' },
    {
      name: 'webhooks',
      description:
        'Webhook endpoints and their delivery logs (Standard Webhooks signatures, retries for three days)',
    },
    {
      name: 'hooks',
      description:
        "REST hook subscriptions for Zapier: subscribe, unsubscribe and each event's recent items",
    },
  ];
  publicDocument.security = [{ apiKey: [] }];
  return { app: appDocument, public: publicDocument };
}
