import { escapeLiteral } from 'pg';
import { sqlLiteral } from './sql-literal';

describe('sqlLiteral', () => {
  it.each([
    '',
    'plain',
    "O'Brien",
    "''",
    'C:\\roofs\\new',
    "it's a \\ backslash",
    '{"note":"say \\"hi\\"","n":1}',
    JSON.stringify({ name: "D'Angelo", note: 'line\nbreak\ttab "quoted" \\ é 🏠' }),
    '\ud800 lone surrogate',
  ])('writes %j as pg does', (text) => {
    expect(sqlLiteral(text)).toBe(escapeLiteral(text));
  });

  it('matches pg on random text of quotes, backslashes and other characters', () => {
    const alphabet = ["'", '\\', '"', 'a', 'é', '\n', ' ', '🏠', 'E'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 2000; run++) {
      const length = next() % 40;
      let text = '';
      for (let index = 0; index < length; index++) text += alphabet[next() % alphabet.length];
      expect(sqlLiteral(text)).toBe(escapeLiteral(text));
    }
  });
});
