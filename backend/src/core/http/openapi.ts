import { type INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';

/** OpenAPI document at /api/openapi.json and Swagger UI at /api/docs. */
export function setupOpenApi(app: INestApplication, publicUrl: string): void {
  const config = new DocumentBuilder()
    .setTitle('Rafter API')
    .setDescription(
      'Instant roof-replacement estimates and lead capture for roofing contractors. ' +
        'Errors are JSON `{ "error": "…" }`; validation errors also list `fields`.',
    )
    .setVersion('1.0')
    .addServer(publicUrl)
    .addBearerAuth()
    .build();
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(app, config));
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/openapi.json',
    customSiteTitle: 'Rafter API',
  });
}
