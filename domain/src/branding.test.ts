import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_COLOR, parseBrandColor, toBrandColor } from './branding';

describe('parseBrandColor', () => {
  it.each([
    ['#16a34a', '#16a34a'],
    ['2563EB', '#2563eb'],
    ['#abc', '#aabbcc'],
    [' f0a ', '#ff00aa'],
    ['red', DEFAULT_BRAND_COLOR],
    ['#12345', DEFAULT_BRAND_COLOR],
    ['url(javascript:alert(1))', DEFAULT_BRAND_COLOR],
    ['', DEFAULT_BRAND_COLOR],
    [null, DEFAULT_BRAND_COLOR],
    [undefined, DEFAULT_BRAND_COLOR],
  ])('reads %j as %s', (value, color) => {
    expect(parseBrandColor(value)).toBe(color);
  });
});

describe('toBrandColor', () => {
  it.each([
    ['#EF4444', '#ef4444'],
    ['abc', '#aabbcc'],
    ['#ef44', null],
    ['red', null],
    ['', null],
    [null, null],
  ])('reads %j as %s', (value, color) => {
    expect(toBrandColor(value)).toBe(color);
  });
});
