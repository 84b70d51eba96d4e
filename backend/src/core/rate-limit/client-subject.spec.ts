import { clientSubject } from './rate-limit.service';

describe('clientSubject', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:aa:1::1', '2001:db8:aa:1::/64'],
    ['2001:0db8:00aa:0001:ffff:ffff:ffff:fffe', '2001:db8:aa:1::/64'],
    ['2001:db8:aa:2::1', '2001:db8:aa:2::/64'],
    ['::1', '::/64'],
    ['not an address', 'not an address'],
  ])('counts %s as %s', (ip, subject) => {
    expect(clientSubject(ip)).toBe(subject);
  });
});
