import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each(['password123', 'PASSWORD123', 'qwertyuiop', '1234567890', 'iloveyou12'])(
    'knows %s',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['shingles-42', 'correct-horse-9', 'ridge-vent-58', 'rafter-demo'])(
    'lets %s through',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(false);
    },
  );
});
