import sharp from 'sharp';
import { reencodeLogo, sniffLogoFormat } from './logo-image';

function bytes(...parts: (string | number[])[]): Buffer {
  return Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );
}

describe('sniffLogoFormat', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', 'rest'), 'png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    ['GIF89a', bytes('GIF89a'), 'gif'],
    ['GIF87a', bytes('GIF87a'), 'gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'webp'],
    ['RIFF WAVE audio', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), null],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['HTML', bytes('<!DOCTYPE html><html>'), null],
    ['a cut-off PNG signature', bytes([0x89], 'PNG'), null],
    ['nothing', Buffer.alloc(0), null],
  ])('reads %s as %s', (_name, data, format) => {
    expect(sniffLogoFormat(data)).toBe(format);
  });
});

describe('reencodeLogo', () => {
  it('applies the EXIF orientation and drops the EXIF block', async () => {
    const rotated = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#16a34a' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const output = await reencodeLogo(rotated, 'jpeg');
    const metadata = await sharp(output!).metadata();
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
  });

  it('scales a large logo down to fit 1024 px', async () => {
    const large = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: '#0ea5e9' },
    })
      .png()
      .toBuffer();
    const metadata = await sharp((await reencodeLogo(large, 'png'))!).metadata();
    expect([metadata.width, metadata.height]).toEqual([1024, 512]);
  });

  it.each([
    ['a header with nothing decodable after it', bytes('GIF89a<script>alert(1)</script>'), 'gif'],
    ['a PNG announced as a GIF', bytes([0x89], 'PNG\r\n\x1a\n'), 'gif'],
  ] as const)('answers null for %s', async (_name, data, format) => {
    expect(await reencodeLogo(data, format)).toBeNull();
  });

  it('answers null when the real format differs from the sniffed one', async () => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    expect(await reencodeLogo(png, 'gif')).toBeNull();
  });
});
