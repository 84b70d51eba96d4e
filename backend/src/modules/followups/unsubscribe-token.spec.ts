import { randomUUID } from 'node:crypto';
import { UnsubscribeTokens } from './unsubscribe-token';

const SECRET = 'a-test-secret-of-at-least-32-characters';

describe('UnsubscribeTokens', () => {
  const tokens = new UnsubscribeTokens(SECRET);
  const subject = { ownerId: randomUUID(), leadId: randomUUID() };

  it('reads back what it signed, and holds no address', () => {
    const token = tokens.sign(subject);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/);
    expect(tokens.verify(token)).toEqual(subject);
  });

  it.each([
    ['empty', ''],
    ['not a token', 'hello'],
    ['padded', `${'A'.repeat(43)}=.${'A'.repeat(22)}`],
  ])('refuses a malformed token (%s)', (_label, token) => {
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token whose ids were changed', () => {
    const token = tokens.sign(subject);
    const other = tokens.sign({ ...subject, leadId: randomUUID() });
    const swapped = `${other.split('.')[0]}.${token.split('.')[1]}`;
    expect(tokens.verify(swapped)).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const forged = new UnsubscribeTokens(`${SECRET}-other`).sign(subject);
    expect(tokens.verify(forged)).toBeNull();
  });
});
