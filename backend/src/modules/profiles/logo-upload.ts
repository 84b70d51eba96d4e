import type { FastifyRequest } from 'fastify';
import { ProfilesException } from './profiles.exception';

/** The multipart field the dashboard sends the logo in. */
export const LOGO_FIELD = 'logo';

/**
 * The bytes of the request's `logo` file, or null when there is none. The multipart limits
 * (app.factory.ts) stop reading one byte past the logo limit, so an oversized upload is cut off
 * instead of buffered, and answered 413.
 */
export async function readLogoUpload(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  try {
    const part = await request.file();
    if (!part || part.fieldname !== LOGO_FIELD) return null;
    return await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ProfilesException('logo_too_large');
    if (typeof code === 'string' && code.startsWith('FST_')) {
      throw new ProfilesException('logo_not_image');
    }
    throw error;
  }
}
