import { escapeHtml, SafeHtml } from '../../notifications/templates/html';

/**
 * Stand-ins for colours in a template's source. MJML checks colour attributes, so a `{{…}}`
 * placeholder cannot stand there; these colours can, and are replaced in the compiled HTML.
 * Nobody would pick them on purpose, and a template test proves none is left after rendering.
 */
export const COLOR_SLOTS = {
  /** The contractor's brand colour. */
  brand: '#0b0c0d',
  /** Text on the brand colour: white, or near-black on a light brand colour. */
  onBrand: '#0c0d0e',
} as const;

export type ColorValues = Record<keyof typeof COLOR_SLOTS, string>;

/** A value for a `{{name}}` slot: text is escaped, SafeHtml is inserted as it is. */
export type SlotValue = string | SafeHtml;

const SLOT = /\{\{([A-Za-z][A-Za-z0-9]*)\}\}/g;
const HEX_COLOR = /^#[0-9a-f]{6}$/;
/** A line break with the spaces around it. */
const INDENTATION = /[ \t]*\n\s*/g;

/**
 * An e-mail template written in MJML, compiled to HTML once, on first use, and then filled in
 * for each e-mail by replacing `{{name}}` slots (escaped) and the colour stand-ins: compiling
 * takes milliseconds of CPU, filling in microseconds (docs/decisions/0034).
 */
export class MjmlTemplate {
  private compiled?: Promise<string>;

  constructor(
    readonly name: string,
    private readonly source: string,
  ) {}

  /** The compiled HTML with its slots still in it; compiled once, strictly validated. */
  html(): Promise<string> {
    this.compiled ??= compile(this.name, this.source);
    return this.compiled;
  }

  /** The compiled HTML with every slot filled; a slot without a value is a bug, and throws. */
  async render(values: Readonly<Record<string, SlotValue>>, colors: ColorValues): Promise<string> {
    // Colours first: a value that happens to spell a stand-in colour stays as it was written.
    return fillColors(await this.html(), colors).replace(SLOT, (_match, name: string) => {
      const value = values[name];
      if (value === undefined)
        throw new Error(`Template ${this.name} has no value for {{${name}}}`);
      return value instanceof SafeHtml ? value.value : escapeHtml(value);
    });
  }
}

async function compile(name: string, source: string): Promise<string> {
  // MJML is loaded with the first template compiled, not at start-up: it is about 1,100 modules
  // (0.8 s of a process's start) that only e-mails to homeowners use.
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  if (result.errors.length > 0) {
    throw new Error(
      `Template ${name} is not valid MJML: ${result.errors.map((e) => e.formattedMessage).join('; ')}`,
    );
  }
  // MJML indents its output: a quarter of the bytes, sent with every e-mail and the largest cost
  // of sending one (bench/worker.mjs). A line break and its indentation become one line break,
  // which HTML and CSS read as the same whitespace (no template uses <pre>).
  return result.html.replace(INDENTATION, '\n');
}

function fillColors(html: string, colors: ColorValues): string {
  let out = html;
  for (const slot of Object.keys(COLOR_SLOTS) as (keyof typeof COLOR_SLOTS)[]) {
    const color = colors[slot].toLowerCase();
    // Only '#rrggbb' ever reaches the markup: a colour cannot carry CSS or markup with it.
    if (!HEX_COLOR.test(color)) throw new Error(`Not a colour: ${color}`);
    out = out.replaceAll(new RegExp(COLOR_SLOTS[slot], 'gi'), color);
  }
  return out;
}

/** WCAG's relative luminance of '#rrggbb'. */
function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(color.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Text colour for the header on `background` ('#rrggbb'): white while it has the 3:1 contrast
 * WCAG asks of large text (the header's name is 22 px bold), as on the product's own green;
 * near-black on lighter brand colours.
 */
export function textOn(background: string): string {
  return 1.05 / (luminance(background) + 0.05) >= 3 ? '#ffffff' : '#111827';
}

/**
 * `color` ('#rrggbb') for links in body text on white: as it is when it has the 4.5:1 contrast
 * WCAG asks of body text, else darkened, in its own hue, just enough to have it.
 */
export function readableOnWhite(color: string): string {
  const channels = [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16));
  for (let scale = 1; scale > 0; scale -= 0.05) {
    const candidate = `#${channels
      .map((channel) =>
        Math.round(channel * scale)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (1.05 / (luminance(candidate) + 0.05) >= 4.5) return candidate;
  }
  return '#000000';
}
