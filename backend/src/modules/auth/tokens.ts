import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret for a cookie or an e-mail link: 32 random bytes, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token. The tokens are random and long, so a fast hash
 * is enough: a leaked table cannot be turned back into working cookies or links.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
