import sharp from 'sharp';

export type LogoFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export const LOGO_FORMATS: Readonly<
  Record<LogoFormat, { extension: string; contentType: string }>
> = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
};

/**
 * The raster format a file's first bytes announce, or null. The browser's file name and
 * Content-Type are not trusted: SVG (which can carry script), HTML and anything else are refused.
 */
export function sniffLogoFormat(bytes: Buffer): LogoFormat | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith([0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp';
  }
  return null;
}

/** Decoding more pixels than this is refused, so a tiny file cannot expand into gigabytes. */
export const LOGO_MAX_INPUT_PIXELS = 40_000_000;
/** Logos are shown small; larger ones are scaled down (never up) to this box. */
export const LOGO_MAX_SIDE_PX = 1024;

/**
 * Decodes and re-encodes the image in its own format: the EXIF orientation is applied and every
 * metadata chunk (EXIF, XMP, text, comments) is dropped, so bytes appended to or hidden inside
 * the upload (a polyglot) never reach the stored file. Null when the data cannot be decoded.
 */
export async function reencodeLogo(bytes: Buffer, format: LogoFormat): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(LOGO_MAX_SIDE_PX, LOGO_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true });
    const { format: decoded } = await sharp(bytes, {
      limitInputPixels: LOGO_MAX_INPUT_PIXELS,
    }).metadata();
    if (decoded !== format) return null;
    return await image.toFormat(format).toBuffer();
  } catch {
    return null;
  }
}
