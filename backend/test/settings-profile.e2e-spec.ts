import { type BusinessProfileView, DEFAULT_BUSINESS_PROFILE } from '@rafter/domain/settings';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { ProfilesRepository } from '../src/modules/profiles/profiles.repository';
import { writeTogether } from './utils/locks';
import { multipartBody, createSettingsTestApp, type SettingsTestApp } from './utils/settings-app';

let t: SettingsTestApp;

beforeAll(async () => {
  t = await createSettingsTestApp();
});

afterAll(async () => {
  await t?.close();
});

const profile = {
  businessName: 'Lone Star Roofing',
  address: '500 Congress Ave, Austin, TX',
  areasOfService: ['78701', 'Austin, TX', 'Round Rock TX'],
  idealCustomerProfile: 'Homeowners with roofs older than 15 years',
  idealCustomerValue: 12500.5,
  leadsPerDay: 8,
  leadType: 'exclusive',
  notifyNewLeads: false,
  timezone: 'America/Chicago',
};

/** The profile as the API answers it: each area entry read into its parts, its text kept. */
const view = {
  ...profile,
  newLeadReminderMinutes: 60,
  areasOfService: [
    { kind: 'zip', label: '78701', zip: '78701' },
    { kind: 'city', label: 'Austin, TX', city: 'Austin', state: 'TX' },
    { kind: 'city', label: 'Round Rock TX', city: 'Round Rock', state: 'TX' },
  ],
  logoUrl: null,
};

describe('business profile', () => {
  it('answers the defaults before anything is saved', async () => {
    const { token } = await t.contractor(null);
    const response = await t.call('GET', '/api/profile', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_BUSINESS_PROFILE);
  });

  it('saves and reads back the profile on any plan', async () => {
    const { token } = await t.contractor(null);
    const saved = await t.call('PUT', '/api/profile', token, profile);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(view);
    expect((await t.call('GET', '/api/profile', token)).json()).toEqual(view);
  });

  it('reads each area entry, keeps a repeated area once however spelled, stores blanks as null', async () => {
    const { token } = await t.contractor('starter');
    await t.call('PUT', '/api/profile', token, profile);
    const saved = await t.call('PUT', '/api/profile', token, {
      ...profile,
      businessName: '   ',
      idealCustomerProfile: '',
      areasOfService: [' Austin,  TX ', 'austin texas', 'Travis County, TX', 'TX', 'texas'],
      idealCustomerValue: null,
      timezone: null,
    });
    expect(saved.statusCode).toBe(200);
    const view = (await t.call('GET', '/api/profile', token)).json<BusinessProfileView>();
    expect(view).toMatchObject({
      businessName: null,
      idealCustomerProfile: null,
      areasOfService: [
        { kind: 'city', label: 'Austin, TX', city: 'Austin', state: 'TX' },
        { kind: 'county', label: 'Travis County, TX', county: 'Travis County', state: 'TX' },
        { kind: 'state', label: 'TX', state: 'TX' },
      ],
      idealCustomerValue: null,
      timezone: null,
    });
  });

  it.each([
    [{ leadsPerDay: 0 }, 'Leads per day must be at least 1'],
    [{ leadsPerDay: '5' }, 'Leads per day must be a number'],
    [{ idealCustomerValue: -5 }, 'Ideal customer value must not be negative'],
    [{ leadType: 'private' }, "Lead type must be 'shared' or 'exclusive'"],
    [{ timezone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone like America/Denver'],
    [
      { areasOfService: ['78701', 'Round Rock'] },
      'areasOfService.1: "Round Rock" needs a state, like "Round Rock, TX".',
    ],
    [{ areasOfService: ['Austin, Texass'] }, '"Texass" in "Austin, Texass" is not a US state.'],
    [{ areasOfService: ['7870'] }, '"7870" is not a zip code: use 5 digits, like 78701.'],
    [{ areasOfService: 'Austin, TX' }, 'Areas of service must be a list'],
    [{ businessName: 'x'.repeat(121) }, 'Business name must be at most 120 characters'],
  ])('refuses %j with 400 naming the field', async (change, message) => {
    const { token } = await t.contractor(null);
    const response = await t.call('PUT', '/api/profile', token, { ...profile, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
  });

  it('saves the still-New reminder, keeps it when a save omits it, and refuses minutes it does not offer', async () => {
    const { token } = await t.contractor('smart');
    const off = await t.call('PUT', '/api/profile', token, {
      ...profile,
      newLeadReminderMinutes: 0,
    });
    expect(off.json()).toEqual({ ...view, newLeadReminderMinutes: 0 });
    // A client that predates the setting sends none: it stays as saved.
    const kept = await t.call('PUT', '/api/profile', token, profile);
    expect(kept.json()).toEqual({ ...view, newLeadReminderMinutes: 0 });
    const refused = await t.call('PUT', '/api/profile', token, {
      ...profile,
      newLeadReminderMinutes: 45,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toContain(
      'The still-New reminder must be one of 0, 15, 30, 60, 120, 240 minutes (0 is off)',
    );
    expect((await t.call('GET', '/api/profile', token)).json()).toMatchObject({
      newLeadReminderMinutes: 0,
    });
  });

  it("keeps each contractor's profile to themselves", async () => {
    const a = await t.contractor(null);
    const b = await t.contractor(null);
    await t.call('PUT', '/api/profile', a.token, profile);
    expect((await t.call('GET', '/api/profile', b.token)).json()).toEqual(DEFAULT_BUSINESS_PROFILE);
    expect((await t.call('GET', '/api/profile', a.token)).json()).toEqual(view);
  });
});

/** A PNG with a tEXt chunk inserted after IHDR, as cameras and editors leave metadata. */
async function pngWithText(text: string): Promise<Buffer> {
  const png = await sharp({
    create: { width: 240, height: 240, channels: 3, background: '#16a34a' },
  })
    .png()
    .toBuffer();
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const type = Buffer.from('tEXt', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  return Buffer.concat([png.subarray(0, ihdrEnd), length, type, data, crc, png.subarray(ihdrEnd)]);
}

async function upload(token: string, bytes: Buffer, fileName: string, contentType: string) {
  const { payload, headers } = await multipartBody(bytes, fileName, contentType);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/logo',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
}

async function storedFiles(userId: string): Promise<string[]> {
  return readdir(join(t.dataDir, 'uploads', userId)).catch(() => []);
}

describe('logo upload', () => {
  it('stores a re-encoded PNG without its metadata and serves it at its URL', async () => {
    const { id, token } = await t.contractor('instant');
    const original = await pngWithText('secret-marker');
    expect(original.includes('secret-marker')).toBe(true);

    const response = await upload(token, original, 'logo.png', 'image/png');
    expect(response.statusCode).toBe(200);
    const { logoUrl } = response.json<{ logoUrl: string }>();
    expect(logoUrl).toMatch(new RegExp(`^/uploads/${id}/logo-\\d+-[0-9a-f]{8}\\.png$`));
    expect((await t.call('GET', '/api/profile', token)).json()).toMatchObject({ logoUrl });

    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['content-security-policy']).toContain("default-src 'self'");
    expect(served.rawPayload.includes('secret-marker')).toBe(false);
    expect(served.rawPayload.includes('tEXt')).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('replaces the old file with the new one, and DELETE removes it', async () => {
    const { id, token } = await t.contractor('instant');
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#0ea5e9' },
    })
      .jpeg()
      .toBuffer();
    const first = (await upload(token, jpeg, 'a.jpg', 'image/jpeg')).json<{ logoUrl: string }>();
    expect(first.logoUrl).toMatch(/\.jpg$/);
    const secondResponse = await upload(token, await pngWithText('x'), 'b.png', 'image/png');
    const second = secondResponse.json<{ logoUrl: string }>();
    expect(second.logoUrl).not.toBe(first.logoUrl);
    expect(await storedFiles(id)).toEqual([second.logoUrl.split('/').pop()]);
    expect((await t.app.inject({ method: 'GET', url: first.logoUrl })).statusCode).toBe(404);

    const removed = await t.call('DELETE', '/api/profile/logo', token);
    expect(removed.statusCode).toBe(204);
    expect(await storedFiles(id)).toEqual([]);
    expect((await t.call('GET', '/api/profile', token)).json()).toMatchObject({ logoUrl: null });
  });

  it('answers 204 to DELETE without a profile and creates none', async () => {
    const { id, token } = await t.contractor('instant');
    expect((await t.call('DELETE', '/api/profile/logo', token)).statusCode).toBe(204);
    expect(await t.prisma.businessProfile.count({ where: { userId: id } })).toBe(0);
  });

  it('creates the profile with the first logo, keeping the default fields', async () => {
    const { token } = await t.contractor('instant');
    const { logoUrl } = (await upload(token, await pngWithText('x'), 'a.png', 'image/png')).json<{
      logoUrl: string;
    }>();
    expect((await t.call('GET', '/api/profile', token)).json()).toEqual({
      ...DEFAULT_BUSINESS_PROFILE,
      logoUrl,
    });
  });

  it('tells the second of two logos stored at once which one it replaced, on a new profile too', async () => {
    // A double click on Upload in a new account's setup: no profile row exists yet to lock. The
    // first logo's write has found no profile when the second's starts.
    const { id } = await t.contractor('instant');
    const repository = t.app.get(ProfilesRepository);
    const replaced = await writeTogether(
      t.prisma,
      id,
      () => repository.replaceLogo(id, '/uploads/first.png'),
      () => repository.replaceLogo(id, '/uploads/second.png'),
    );
    // The second learns the first's URL, so its file is removed rather than left behind.
    expect(replaced).toEqual([null, '/uploads/first.png']);
    const profile = await t.prisma.businessProfile.findUniqueOrThrow({ where: { userId: id } });
    expect(profile.logoUrl).toBe('/uploads/second.png');
  });

  it('keeps a logo uploaded in the same millisecond as the one it replaces', async () => {
    const { id, token } = await t.contractor('instant');
    const png = await pngWithText('x');
    // Both uploads see the same clock reading, as two at once on a fast server can.
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    let urls: string[];
    try {
      const first = await upload(token, png, 'a.png', 'image/png');
      const second = await upload(token, png, 'b.png', 'image/png');
      urls = [first, second].map((response) => response.json<{ logoUrl: string }>().logoUrl);
    } finally {
      now.mockRestore();
    }
    expect(new Set(urls).size).toBe(2);
    expect((await t.call('GET', '/api/profile', token)).json()).toMatchObject({ logoUrl: urls[1] });
    expect(await storedFiles(id)).toEqual([urls[1]!.split('/').pop()]);
    expect((await t.app.inject({ method: 'GET', url: urls[1]! })).statusCode).toBe(200);
  });

  it('answers 413 for a file over 2 MB and stores nothing', async () => {
    const { id, token } = await t.contractor('instant');
    const big = Buffer.concat([await pngWithText('x'), Buffer.alloc(3 * 1024 * 1024)]);
    const response = await upload(token, big, 'big.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'Logo must be less than 2MB' });
    expect(await storedFiles(id)).toEqual([]);
  });

  it.each([
    [
      'HTML named .png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'x.png',
      'image/png',
    ],
    [
      'SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
    ['a text file', Buffer.from('just text'), 'x.txt', 'text/plain'],
    ['an empty file', Buffer.alloc(0), 'x.png', 'image/png'],
    [
      'a GIF header followed by HTML',
      Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><script>alert(1)</script>')]),
      'x.gif',
      'image/gif',
    ],
  ])('refuses %s with 400', async (_name, bytes, fileName, contentType) => {
    const { id, token } = await t.contractor('instant');
    const response = await upload(token, bytes, fileName, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Please select an image file' });
    expect(await storedFiles(id)).toEqual([]);
  });

  it('re-encodes a real GIF with HTML appended so no script is stored', async () => {
    const { id, token } = await t.contractor('instant');
    const gif = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#ef4444' },
    })
      .gif()
      .toBuffer();
    const polyglot = Buffer.concat([gif, Buffer.from('<script>alert(document.cookie)</script>')]);
    const response = await upload(token, polyglot, 'x.gif', 'image/gif');
    expect(response.statusCode).toBe(200);
    const [file] = await storedFiles(id);
    const stored = await readFile(join(t.dataDir, 'uploads', id, file!));
    expect(stored.includes('<script')).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('gif');
  });

  it('refuses a request without a logo file with 400', async () => {
    const { token } = await t.contractor('instant');
    const { payload, headers } = await multipartBody(
      await pngWithText('x'),
      'a.png',
      'image/png',
      'other',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/logo',
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Please select an image file' });
  });

  it.each([['smart'], ['starter'], [null]] as const)(
    'answers 403 below Instant (%s)',
    async (plan) => {
      const { id, token } = await t.contractor(plan);
      const response = await upload(token, await pngWithText('x'), 'a.png', 'image/png');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'Custom logo needs the Instant Estimator plan or higher',
        code: 'upgrade_required',
      });
      expect(await storedFiles(id)).toEqual([]);
    },
  );
});
