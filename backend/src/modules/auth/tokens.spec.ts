import { hashToken, newOpaqueToken } from './tokens';

describe('newOpaqueToken', () => {
  it('is 32 random bytes, URL-safe, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 100 }, newOpaqueToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });
});

describe('hashToken', () => {
  it('is the hex SHA-256 of the token', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('differs from the token and between tokens', () => {
    const token = newOpaqueToken();
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(token)).not.toBe(hashToken(newOpaqueToken()));
    expect(hashToken(token)).toBe(hashToken(token));
  });
});
