import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('a-secret-of-at-least-some-length', 'google-calendar');

  it('opens what it sealed, and each seal differs', () => {
    const sealed = box.seal('1//refresh-token');
    expect(sealed).not.toContain('refresh');
    expect(box.open(sealed)).toBe('1//refresh-token');
    expect(box.seal('1//refresh-token')).not.toBe(sealed);
  });

  it('opens nothing sealed under another secret or purpose, or altered', () => {
    const sealed = box.seal('token');
    expect(
      new SecretBox('another-secret-of-some-length', 'google-calendar').open(sealed),
    ).toBeNull();
    expect(new SecretBox('a-secret-of-at-least-some-length', 'other').open(sealed)).toBeNull();
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = `${data!.startsWith('A') ? 'B' : 'A'}${data!.slice(1)}`;
    expect(box.open([version, iv, tag, flipped].join('.'))).toBeNull();
    expect(box.open('not sealed')).toBeNull();
  });
});
