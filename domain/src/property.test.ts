import { describe, expect, it } from 'vitest';
import {
  OWNERSHIP_LABELS,
  OWNERSHIP_VALUES,
  STORIES_LABELS,
  STORIES_VALUES,
  isHomeowner,
  isOwnership,
  isStories,
  storiesDisplay,
} from './property';

describe('property answers', () => {
  it('offers the three ownership answers with labels', () => {
    expect(OWNERSHIP_VALUES).toEqual(['owner', 'considering', 'other']);
    expect(OWNERSHIP_LABELS).toEqual({
      owner: 'Yes, I own it',
      considering: 'Considering buying',
      other: 'Other',
    });
  });

  it('offers the three story answers with labels', () => {
    expect(STORIES_VALUES).toEqual(['one', 'two', 'three']);
    expect(Object.keys(STORIES_LABELS)).toEqual(['one', 'two', 'three']);
  });

  it.each([
    ['one', 1],
    ['two', 2],
    ['three', 3],
    ['four', 4],
    ['', 4],
    [null, 4],
    [undefined, 4],
  ])('stories %j are shown as %d', (stories, shown) => {
    expect(storiesDisplay(stories)).toBe(shown);
  });

  it.each([
    ['owner', true],
    ['considering', false],
    ['other', false],
  ])('isHomeowner(%s) is %s', (ownership, expected) => {
    expect(isHomeowner(ownership)).toBe(expected);
  });

  it.each([
    [isOwnership, 'owner', true],
    [isOwnership, 'renter', false],
    [isOwnership, null, false],
    [isStories, 'three', true],
    [isStories, '3', false],
    [isStories, undefined, false],
  ])('%o(%j) is %s', (guard, value, expected) => {
    expect(guard(value)).toBe(expected);
  });
});
