import { DEFAULT_MATERIAL_PRICING } from '@rafter/domain/materials';
import { PrismaService } from '../src/core/database/prisma.service';
import { createOwner } from './factories/owner.factory';
import { createTestApp, type TestApp } from './utils/create-app';

const UNKNOWN_ID = '7d3f6a52-41c8-4c8e-9a57-0f6f2f6c1b11';

describe('estimator: public config', () => {
  it('runs in demo mode with a keyless map and Photon by default', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/api/public-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        googleMapsApiKey: null,
        mapTileUrl:
          'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
        mapAttribution: expect.stringContaining('Esri'),
        mapStreetsTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        mapStreetsAttribution: expect.stringContaining('OpenStreetMap'),
        geocoderUrl: 'https://photon.komoot.io',
        demoMode: true,
      });
    } finally {
      await t.close();
    }
  });

  it('hands out the browser key, never the Solar key, and leaves demo mode with both keys', async () => {
    const t = await createTestApp({
      GOOGLE_MAPS_BROWSER_KEY: 'browser-key',
      GOOGLE_SOLAR_API_KEY: 'server-only-solar-key',
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: '© Example',
      MAP_STREETS_TILE_URL: '',
      GEOCODER_URL: '',
    });
    try {
      const response = await t.app.inject({ url: '/api/public-config' });
      expect(response.json()).toEqual({
        googleMapsApiKey: 'browser-key',
        mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
        mapAttribution: '© Example',
        mapStreetsTileUrl: null,
        mapStreetsAttribution: expect.stringContaining('OpenStreetMap'),
        geocoderUrl: null,
        demoMode: false,
      });
      expect(response.body).not.toContain('server-only-solar-key');
    } finally {
      await t.close();
    }
  });
});

describe('estimator: pricing and share links', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    t = await createTestApp();
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  describe('GET /api/get-material-pricing', () => {
    it.each([
      ['/api/get-material-pricing', 'missing'],
      ['/api/get-material-pricing?ownerId=', 'empty'],
      ['/api/get-material-pricing?ownerId=42', 'not a uuid'],
      [`/api/get-material-pricing?ownerId=${UNKNOWN_ID}&ownerId=${UNKNOWN_ID}`, 'repeated'],
    ])('answers 400 naming ownerId when it is %s (%s)', async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'ownerId: ownerId must be a valid id',
        fields: { ownerId: 'ownerId must be a valid id' },
      });
    });

    it('answers 404 for an unknown contractor', async () => {
      const response = await get(`/api/get-material-pricing?ownerId=${UNKNOWN_ID}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Contractor not found', code: 'owner_not_found' });
    });

    it('answers the defaults for a contractor with no prices of their own', async () => {
      const owner = await createOwner(prisma);
      const response = await get(`/api/get-material-pricing?ownerId=${owner.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(DEFAULT_MATERIAL_PRICING);
    });

    it('merges the stored prices over the defaults, as numbers', async () => {
      const owner = await createOwner(prisma, {
        prices: { asphalt: { min: 4.25, max: 7 }, slate: { min: 20, max: 30.5 } },
      });
      const response = await get(`/api/get-material-pricing?ownerId=${owner.id}`);
      expect(response.json()).toEqual({
        ...DEFAULT_MATERIAL_PRICING,
        asphalt: { min: 4.25, max: 7 },
        slate: { min: 20, max: 30.5 },
      });
    });

    it('answers cross-origin widgets', async () => {
      const owner = await createOwner(prisma);
      const response = await t.app.inject({
        url: `/api/get-material-pricing?ownerId=${owner.id}`,
        headers: { origin: 'https://roofer.example' },
      });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    });
  });

  describe('GET /api/get-shareable-link', () => {
    it.each([
      '/api/get-shareable-link',
      '/api/get-shareable-link?slug=',
      '/api/get-shareable-link?slug=%20',
    ])('answers 400 naming slug for %s', async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'slug: slug is required' });
    });

    it('answers 404 with the page text for an unknown slug', async () => {
      const response = await get('/api/get-shareable-link?slug=no-such-roof-1000');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Calculator link not found or inactive',
        code: 'link_not_found',
      });
    });

    it('answers 404 with the page text for an inactive link', async () => {
      await createOwner(prisma, { link: { slug: 'sleepy-roof-2001', isActive: false } });
      const response = await get('/api/get-shareable-link?slug=sleepy-roof-2001');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Calculator link not found or inactive',
        code: 'link_not_found',
      });
    });

    it('answers the link, the business profile and the merged prices', async () => {
      const owner = await createOwner(prisma, {
        link: { slug: 'quick-roof-1234', brandColor: '#1d4ed8', title: 'Lone Star Calculator' },
        profile: {
          businessName: 'Lone Star Roofing',
          address: '1100 S Lamar Blvd, Austin, TX 78704',
          logoUrl: 'https://cdn.example/logo.png',
        },
        prices: { metal: { min: 8, max: 20 } },
      });
      const response = await get('/api/get-shareable-link?slug=quick-roof-1234');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        linkData: {
          user_id: owner.id,
          slug: 'quick-roof-1234',
          title: 'Lone Star Calculator',
          brand_color: '#1d4ed8',
        },
        businessProfile: {
          business_name: 'Lone Star Roofing',
          address: '1100 S Lamar Blvd, Austin, TX 78704',
          logo_url: 'https://cdn.example/logo.png',
        },
        materialPricing: { ...DEFAULT_MATERIAL_PRICING, metal: { min: 8, max: 20 } },
      });
    });

    it('answers nulls for a contractor without a business profile, and the default colour', async () => {
      const owner = await createOwner(prisma, { link: { slug: 'plain-roof-3003' } });
      const response = await get('/api/get-shareable-link?slug=plain-roof-3003');
      expect(response.json()).toEqual({
        linkData: {
          user_id: owner.id,
          slug: 'plain-roof-3003',
          title: 'Roofing Calculator',
          brand_color: '#16a34a',
        },
        businessProfile: { business_name: null, address: null, logo_url: null },
        materialPricing: DEFAULT_MATERIAL_PRICING,
      });
    });
  });

  it('documents every estimator endpoint in the OpenAPI document', async () => {
    const document = (await get('/api/openapi.json')).json();
    for (const [path, method] of [
      ['/api/public-config', 'get'],
      ['/api/get-material-pricing', 'get'],
      ['/api/get-shareable-link', 'get'],
      ['/api/roof-measurement', 'post'],
      ['/api/capture-lead', 'post'],
      ['/api/main-site-leads', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method]).toBeDefined();
    }
    const pricing = document.paths['/api/get-material-pricing'].get;
    expect(pricing.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'ownerId', in: 'query' })]),
    );
    expect(JSON.stringify(document.paths['/api/capture-lead'].post)).toMatch(/requestBody/);
  });
});
