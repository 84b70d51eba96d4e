import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { setupOpenApi } from './openapi';

@Controller('things')
class ThingsController {
  @Get()
  list(): string[] {
    return [];
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

async function startApp(buildNow: boolean): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(ThingsModule, new FastifyAdapter(), {
    logger: false,
  });
  setupOpenApi(app, 'https://rafter.example', { buildNow });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('setupOpenApi', () => {
  let app: NestFastifyApplication | undefined;
  let scans: jest.SpyInstance;

  beforeEach(() => {
    scans = jest.spyOn(SwaggerModule, 'createDocument');
  });

  afterEach(async () => {
    scans.mockRestore();
    await app?.close();
    app = undefined;
  });

  it('builds the documents at start-up when asked to (production), before any request', async () => {
    app = await startApp(true);
    expect(scans).toHaveBeenCalledTimes(1);

    const document = (await app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths)).toContain('/things');
    await app.inject({ url: '/api/v1/openapi.json' });
    expect(scans).toHaveBeenCalledTimes(1);
  });

  it('otherwise builds them once, on the first request for either document', async () => {
    app = await startApp(false);
    expect(scans).not.toHaveBeenCalled();

    const response = await app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(scans).toHaveBeenCalledTimes(1);
    await app.inject({ url: '/api/openapi.json' });
    expect(scans).toHaveBeenCalledTimes(1);
  });
});
