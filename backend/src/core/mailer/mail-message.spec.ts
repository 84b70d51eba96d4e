import { fromWithName } from './mail-message';

describe('fromWithName', () => {
  it.each([
    ['Rafter <no-reply@rafter.app>', 'Sunny Roofing', '"Sunny Roofing" <no-reply@rafter.app>'],
    ['no-reply@rafter.app', 'Sunny Roofing', '"Sunny Roofing" <no-reply@rafter.app>'],
    ['Rafter <no-reply@rafter.app>', 'Bob "The Roofer"', '"Bob The Roofer" <no-reply@rafter.app>'],
    [
      'Rafter <no-reply@rafter.app>',
      'A\\B\r\nBcc: x@y.z',
      '"A B Bcc: x@y.z" <no-reply@rafter.app>',
    ],
    ['Rafter <no-reply@rafter.app>', ' "" ', 'Rafter <no-reply@rafter.app>'],
  ])('%s as %j → %s', (mailFrom, name, expected) => {
    expect(fromWithName(mailFrom, name)).toBe(expected);
  });
});
