import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and a salt of its own each time', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    await expect(verifyPassword(stored, 'correct horse')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'Correct horse')).resolves.toBe(false);
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    await expect(verifyPassword('not-a-hash', 'anything')).resolves.toBe(false);
  });

  it('spends time on a dummy check without failing', async () => {
    await expect(verifyDummyPassword('anything')).resolves.toBeUndefined();
  });
});
