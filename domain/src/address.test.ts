import { describe, expect, it } from 'vitest';
import { addressWithZipCode } from './address';

describe('addressWithZipCode', () => {
  it.each([
    ['123 Main St, Austin, TX, USA', '78701', '123 Main St, Austin, TX 78701, USA'],
    ['123 Main St, Austin, TX 78701, USA', '78701', '123 Main St, Austin, TX 78701, USA'],
    ['123 Main St, Austin, TX', '78701', '123 Main St, Austin, TX 78701'],
    ['  123 Main St, Austin, TX  ', '78701', '123 Main St, Austin, TX 78701'],
    ['123 Main St, Austin, TX 78702, USA', '78701', '123 Main St, Austin, TX 78702 78701, USA'],
    ['78701 Ranch Rd, Austin, TX, USA', '78701', '78701 Ranch Rd, Austin, TX, USA'],
    ['1178701 Long Rd, TX, USA', '78701', '1178701 Long Rd, TX 78701, USA'],
    ['123 Main St, Austin, TX, USA', '', '123 Main St, Austin, TX, USA'],
    ['123 Main St, Austin, TX, USA', '787', '123 Main St, Austin, TX, USA'],
    ['', '78701', ''],
    ['   ', '78701', ''],
  ])('%j with zip %j is %j', (address, zip, expected) => {
    expect(addressWithZipCode(address, zip)).toBe(expected);
  });
});
