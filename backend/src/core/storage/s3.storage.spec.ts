import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { S3Storage } from './s3.storage';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A stand-in S3 endpoint that records each request and answers as S3 does. */
async function startFakeS3(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.statusCode = request.method === 'DELETE' ? 204 : 200;
      if (request.method === 'PUT') response.setHeader('etag', '"etag"');
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, server };
}

describe('S3Storage', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let storage: S3Storage;

  beforeAll(async () => {
    fake = await startFakeS3();
    storage = new S3Storage({
      bucket: 'business-logos',
      region: 'us-east-1',
      endpoint: fake.url,
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      publicUrl: 'https://cdn.rafter.test/logos/',
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('puts the object by path with its type and an immutable cache header, signed', async () => {
    await storage.put('user-1/logo-123.png', Buffer.from('png-bytes'), 'image/png');
    const put = fake.received.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.url.split('?')[0]).toBe('/business-logos/user-1/logo-123.png');
    expect(put.headers['content-type']).toBe('image/png');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put.headers.authorization).toContain('Credential=test-key/');
    expect(put.body.toString()).toContain('png-bytes');
  });

  it('deletes the object by path', async () => {
    await storage.remove('user-1/logo-123.png');
    const removed = fake.received.at(-1)!;
    expect(removed.method).toBe('DELETE');
    expect(removed.url.split('?')[0]).toBe('/business-logos/user-1/logo-123.png');
  });

  it.each([
    ['https://cdn.rafter.test/logos/user-1/logo-1.webp', 'user-1/logo-1.webp'],
    ['https://cdn.rafter.test/logos/../secrets', null],
    ['https://elsewhere.test/logos/user-1/logo-1.webp', null],
    ['/uploads/user-1/logo-1.webp', null],
  ])('reads the key of %s as %s', (url, key) => {
    expect(storage.keyFromUrl(url)).toBe(key);
  });

  it('builds public URLs under S3_PUBLIC_URL and refuses keys that leave the bucket path', () => {
    expect(storage.publicUrl('user-1/logo-1.png')).toBe(
      'https://cdn.rafter.test/logos/user-1/logo-1.png',
    );
    expect(() => storage.publicUrl('../x.png')).toThrow('Invalid storage key');
  });
});
