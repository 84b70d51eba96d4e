import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * Secrets Rafter keeps for a contractor (a Google refresh token) stored encrypted: AES-256-GCM
 * under a key derived (HKDF-SHA256) from AUTH_SECRET for one purpose, so a database copy alone
 * reveals nothing and a key for one purpose opens nothing else. `v1.<iv>.<tag>.<ciphertext>`.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'rafter', `rafter:${purpose}`, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain text, or null when the box was sealed under another key or altered. */
  open(sealed: string): string | null {
    const [version, iv, tag, data, extra] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined || extra !== undefined)
      return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      const authTag = Buffer.from(tag, 'base64url');
      if (authTag.length !== TAG_BYTES) return null;
      decipher.setAuthTag(authTag);
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
