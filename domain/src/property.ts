export const OWNERSHIP_VALUES = ['owner', 'considering', 'other'] as const;

export type Ownership = (typeof OWNERSHIP_VALUES)[number];

/** Options of the widget's 'Are you the homeowner?' step. */
export const OWNERSHIP_LABELS: Readonly<Record<Ownership, string>> = {
  owner: 'Yes, I own it',
  considering: 'Considering buying',
  other: 'Other',
};

export const STORIES_VALUES = ['one', 'two', 'three'] as const;

export type Stories = (typeof STORIES_VALUES)[number];

/** Options of the widget's 'How many stories is your home?' step. */
export const STORIES_LABELS: Readonly<Record<Stories, string>> = {
  one: '1 story',
  two: '2 stories',
  three: '3 stories',
};

export function isOwnership(value: unknown): value is Ownership {
  return typeof value === 'string' && (OWNERSHIP_VALUES as readonly string[]).includes(value);
}

export function isStories(value: unknown): value is Stories {
  return typeof value === 'string' && (STORIES_VALUES as readonly string[]).includes(value);
}

/** Whether the lead owns the home (the leads table's is_homeowner). */
export function isHomeowner(ownership: string): boolean {
  return ownership === 'owner';
}

const STORIES_COUNT: Readonly<Record<Stories, number>> = { one: 1, two: 2, three: 3 };

/** Number of stories shown for a stored value: one 1, two 2, three 3, anything else 4 (spec 3). */
export function storiesDisplay(stories: string | null | undefined): number {
  return isStories(stories) ? STORIES_COUNT[stories] : 4;
}
