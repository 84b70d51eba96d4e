import { DEFAULT_MATERIAL_PRICING, type MaterialPricing } from '@rafter/domain/materials';
import {
  isShareSlug,
  type MaterialPricingView,
  SHARE_SLUG_PATTERN,
  type ShareLinkView,
} from '@rafter/domain/settings';
import {
  createSettingsTestApp,
  SETTINGS_PUBLIC_URL,
  type SettingsTestApp,
} from './utils/settings-app';

let t: SettingsTestApp;

beforeAll(async () => {
  t = await createSettingsTestApp();
});

afterAll(async () => {
  await t?.close();
});

const customPricing: MaterialPricing = {
  asphalt: { min: 4, max: 6.5 },
  wood: { min: 7, max: 10 },
  metal: { min: 9.5, max: 20 },
  tile: { min: 8, max: 14 },
  slate: { min: 25, max: 40 },
};

describe('material pricing settings', () => {
  it('answers the defaults, not custom, before anything is saved', async () => {
    const { token } = await t.contractor('smart');
    const response = await t.call('GET', '/api/material-pricing', token);
    expect(response.statusCode).toBe(200);
    expect(response.json<MaterialPricingView>()).toEqual({
      pricing: DEFAULT_MATERIAL_PRICING,
      custom: false,
    });
  });

  it('saves the table, and the public widget endpoint serves it at once', async () => {
    const { id, token } = await t.contractor('smart');
    const saved = await t.call('PUT', '/api/material-pricing', token, { pricing: customPricing });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<MaterialPricingView>()).toEqual({ pricing: customPricing, custom: true });

    const own = await t.call('GET', '/api/material-pricing', token);
    expect(own.json<MaterialPricingView>()).toEqual({ pricing: customPricing, custom: true });
    const widget = await t.call('GET', `/api/get-material-pricing?ownerId=${id}`, null);
    expect(widget.statusCode).toBe(200);
    expect(widget.json()).toEqual(customPricing);

    const changed = { ...customPricing, metal: { min: 11, max: 22.5 } };
    await t.call('PUT', '/api/material-pricing', token, { pricing: changed });
    const again = await t.call('GET', `/api/get-material-pricing?ownerId=${id}`, null);
    expect(again.json<MaterialPricing>().metal).toEqual({ min: 11, max: 22.5 });
  });

  it.each([
    [{ metal: { min: 30, max: 20 } }, 'Minimum price for Metal must not be above its maximum'],
    [{ asphalt: { min: 0, max: 5 } }, 'Minimum price for Asphalt must be at least $1'],
    [{ slate: { min: 20, max: 150 } }, 'Maximum price for Slate must be at most $100'],
    [{ tile: undefined }, 'Prices for Tile are required'],
  ])('refuses %j with 400 naming the material', async (change, message) => {
    const { id, token } = await t.contractor('instant');
    const response = await t.call('PUT', '/api/material-pricing', token, {
      pricing: { ...customPricing, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
    expect(await t.prisma.materialPricing.count({ where: { userId: id } })).toBe(0);
  });

  it.each([['starter'], [null]] as const)(
    'answers 403 with the upgrade text on the %s plan',
    async (plan) => {
      const { id, token } = await t.contractor(plan);
      const response = await t.call('PUT', '/api/material-pricing', token, {
        pricing: customPricing,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'Custom material pricing needs the Smart Estimator plan or higher',
        code: 'upgrade_required',
      });
      expect(await t.prisma.materialPricing.count({ where: { userId: id } })).toBe(0);
    },
  );
});

describe('share link settings', () => {
  it('has no link until one is created; creating is idempotent', async () => {
    const { id, token } = await t.contractor('smart');
    const before = await t.call('GET', '/api/share-link', token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ link: null });

    const created = await t.call('POST', '/api/share-link', token, {});
    expect(created.statusCode).toBe(201);
    const link = created.json<ShareLinkView>();
    expect(link.slug).toMatch(SHARE_SLUG_PATTERN);
    expect(link).toEqual({
      slug: link.slug,
      url: `${SETTINGS_PUBLIC_URL}/calc/${link.slug}`,
      brandColor: '#16a34a',
      title: 'Roofing Calculator',
      isActive: true,
    });

    const again = await t.call('POST', '/api/share-link', token, { brandColor: '#ef4444' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(link);
    expect(await t.prisma.shareableCalculatorLink.count({ where: { userId: id } })).toBe(1);
    expect((await t.call('GET', '/api/share-link', token)).json()).toEqual({ link });
  });

  it('makes each new slug of 128 random bits, so no share page can be found by guessing', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { token } = await t.contractor('smart');
      slugs.push((await t.call('POST', '/api/share-link', token, {})).json<ShareLinkView>().slug);
    }
    for (const slug of slugs) {
      expect(slug).toMatch(SHARE_SLUG_PATTERN);
      expect(Buffer.from(slug, 'base64url')).toHaveLength(16);
      const page = await t.app.inject({ url: `/api/get-shareable-link?slug=${slug}` });
      expect(page.statusCode).toBe(200);
    }
    expect(new Set(slugs).size).toBe(slugs.length);
    // No two slugs share a long prefix, as words and a number from a small range would.
    expect(new Set(slugs.map((slug) => slug.slice(0, 6))).size).toBe(slugs.length);
  });

  it('keeps serving a link made with an old adjective-noun-number slug', async () => {
    const { id } = await t.contractor('smart');
    await t.prisma.shareableCalculatorLink.create({
      data: { userId: id, slug: 'steady-ridge-4821' },
    });
    expect(isShareSlug('steady-ridge-4821')).toBe(true);
    const page = await t.app.inject({ url: '/api/get-shareable-link?slug=steady-ridge-4821' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ linkData: { slug: 'steady-ridge-4821', user_id: id } });
  });

  it('creates a link from a request without a body', async () => {
    const { token } = await t.contractor('instant');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/share-link',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<ShareLinkView>().brandColor).toBe('#16a34a');
  });

  it('creates one link under concurrent requests', async () => {
    const { id, token } = await t.contractor('smart');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.call('POST', '/api/share-link', token, {})),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<ShareLinkView>().slug)).size).toBe(1);
    expect(await t.prisma.shareableCalculatorLink.count({ where: { userId: id } })).toBe(1);
  });

  it('titles the link after the business and takes a starting colour', async () => {
    const { token } = await t.contractor('smart');
    await t.call('PUT', '/api/profile', token, {
      businessName: 'Hill Country Roofing',
      address: null,
      areasOfService: [],
      idealCustomerProfile: null,
      idealCustomerValue: null,
      leadsPerDay: 5,
      leadType: 'shared',
      notifyNewLeads: true,
      timezone: null,
    });
    const created = await t.call('POST', '/api/share-link', token, { brandColor: '8B5CF6' });
    expect(created.json<ShareLinkView>()).toMatchObject({
      title: 'Hill Country Roofing Calculator',
      brandColor: '#8b5cf6',
    });
  });

  it('updates the brand colour, and the public share page shows it at once', async () => {
    const { token } = await t.contractor('smart');
    const { slug } = (await t.call('POST', '/api/share-link', token, {})).json<ShareLinkView>();

    const updated = await t.call('PUT', '/api/share-link/brand-color', token, {
      brandColor: '#0EA5E9',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<ShareLinkView>()).toMatchObject({ slug, brandColor: '#0ea5e9' });

    const page = await t.call('GET', `/api/get-shareable-link?slug=${slug}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ linkData: { brand_color: string } }>().linkData.brand_color).toBe('#0ea5e9');
  });

  it.each(['red', '#12345', 'url(javascript:alert(1))'])(
    'refuses the colour %j with 400',
    async (brandColor) => {
      const { token } = await t.contractor('smart');
      await t.call('POST', '/api/share-link', token, {});
      const response = await t.call('PUT', '/api/share-link/brand-color', token, { brandColor });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(
        'Brand colour must be a hex colour like #16a34a',
      );
    },
  );

  it('answers 404 for a colour change before the link exists', async () => {
    const { token } = await t.contractor('smart');
    const response = await t.call('PUT', '/api/share-link/brand-color', token, {
      brandColor: '#ef4444',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toBe('Create your shareable link first');
  });

  it.each([
    ['POST', '/api/share-link', {}, 'Shareable link needs the Smart Estimator plan or higher'],
    [
      'PUT',
      '/api/share-link/brand-color',
      { brandColor: '#ef4444' },
      'Custom colors needs the Smart Estimator plan or higher',
    ],
  ] as const)('answers 403 on the Starter plan: %s %s', async (method, url, body, error) => {
    const { id, token } = await t.contractor('starter');
    const response = await t.call(method, url, token, body);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error, code: 'upgrade_required' });
    expect(await t.prisma.shareableCalculatorLink.count({ where: { userId: id } })).toBe(0);
  });

  it("never shows or changes another contractor's link", async () => {
    const a = await t.contractor('smart');
    const b = await t.contractor('smart');
    const linkA = (await t.call('POST', '/api/share-link', a.token, {})).json<ShareLinkView>();
    expect((await t.call('GET', '/api/share-link', b.token)).json()).toEqual({ link: null });
    const colourB = await t.call('PUT', '/api/share-link/brand-color', b.token, {
      brandColor: '#ef4444',
    });
    expect(colourB.statusCode).toBe(404);
    expect((await t.call('GET', '/api/share-link', a.token)).json()).toEqual({ link: linkA });
  });
});

describe('authentication', () => {
  it.each([
    ['GET', '/api/material-pricing'],
    ['PUT', '/api/material-pricing'],
    ['GET', '/api/share-link'],
    ['POST', '/api/share-link'],
    ['PUT', '/api/share-link/brand-color'],
    ['GET', '/api/profile'],
    ['PUT', '/api/profile'],
    ['POST', '/api/profile/logo'],
    ['DELETE', '/api/profile/logo'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const response = await t.call(method, url, null, method === 'GET' ? undefined : {});
    expect(response.statusCode).toBe(401);
  });
});
