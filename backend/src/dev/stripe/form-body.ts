/** A value decoded from Stripe's form encoding: text, or nested objects and lists of them. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/**
 * Decodes the form encoding the `stripe` SDK sends (`line_items[0][price]=…`,
 * `metadata[userId]=…`, `expand[0]=…`) into nested objects; keys that are all digits become
 * lists. Values stay text, as Stripe receives them.
 */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\]?\[|\]/).filter((part) => part !== '');
    let node: FormObject = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== 'object' || next === null) node[part] = {};
      node = node[part] as FormObject;
    });
  }
  return toLists(root) as FormObject;
}

function toLists(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, toLists(value[key]!)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

/** The text at `key`, if it is text. */
export function text(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
}

export function object(form: FormObject, key: string): FormObject | undefined {
  const value = form[key];
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function list(form: FormObject, key: string): FormObject[] {
  const value = form[key];
  return Array.isArray(value)
    ? value.filter((item): item is FormObject => typeof item === 'object' && !Array.isArray(item))
    : [];
}
