import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: the OWASP minimum); the
 * parameters travel inside each hash, so raising them later keeps old hashes verifiable.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must look like a wrong password, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Costs what checking a real password costs, for e-mails with no password account, so the
 * answer time does not tell which addresses are registered.
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}
