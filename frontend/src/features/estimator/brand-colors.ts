import { createContext, type CSSProperties } from 'react';
import { alpha, darken, getContrastRatio, lighten } from '@mui/system/colorManipulator';
import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';
import {
  BRAND_GREEN_DARK,
  BRAND_GREEN_HOVER,
  BRAND_GREEN_LIGHT,
  BRAND_GREEN_TINT,
} from '../../theme/palette';

/** WCAG AA for normal text: white text on the filled buttons must reach it. */
const MIN_TEXT_CONTRAST = 4.5;

/**
 * The brand colour darkened in 5 % steps until white text on it is readable. Buttons, links and
 * selected options use this shade, so a light brand colour still gives accessible controls.
 */
export function readableShade(color: string): string {
  let shade = color;
  for (let amount = 0.05; getContrastRatio(shade, '#ffffff') < MIN_TEXT_CONTRAST; amount += 0.05) {
    shade = darken(color, Math.min(amount, 1));
  }
  return shade;
}

/** The shades of one brand colour the estimator paints with. */
export interface BrandColors {
  /** The colour itself: the progress bar. */
  main: string;
  /** Filled buttons and text on white (readableShade). */
  dark: string;
  /** Focus rings. */
  light: string;
  /** A filled button under the pointer. */
  containedHover: string;
  /** An outlined button's background under the pointer. */
  outlinedHover: string;
}

/**
 * The brand colour's shades, the same the MUI theme gets (createBrandTheme): the estimator's first
 * step is plain HTML and CSS (so a homeowner's phone need not load MUI to show it), the later
 * steps are MUI components themed with these.
 */
export function brandColors(color: string): BrandColors {
  if (color === DEFAULT_BRAND_COLOR) {
    return {
      main: color,
      dark: BRAND_GREEN_DARK,
      light: BRAND_GREEN_LIGHT,
      containedHover: BRAND_GREEN_HOVER,
      outlinedHover: BRAND_GREEN_TINT,
    };
  }
  const dark = readableShade(color);
  return {
    main: color,
    dark,
    light: lighten(color, 0.45),
    containedHover: darken(dark, 0.2),
    outlinedHover: alpha(color, 0.08),
  };
}

/** The shades as the CSS custom properties estimator.module.css reads. */
export function brandStyle(color: string): CSSProperties {
  const shades = brandColors(color);
  return {
    '--brand': shades.main,
    '--brand-dark': shades.dark,
    '--brand-light': shades.light,
    '--brand-contained-hover': shades.containedHover,
    '--brand-outlined-hover': shades.outlinedHover,
  } as CSSProperties;
}

/**
 * The brand's custom properties for what the estimator renders outside its card (a dialog's
 * fields, in a portal under <body>): the card sets them too, but a portal does not inherit them.
 */
export const BrandStyleContext = createContext<CSSProperties>(brandStyle(DEFAULT_BRAND_COLOR));
