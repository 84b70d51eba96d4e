import type { BadgeColor } from '@rafter/domain/lead';
import type { ScoreBand } from '@rafter/domain/lead-score';

/**
 * Tinted badge colours: a light background with a dark text shade of the same hue, so every
 * badge keeps at least 4.5:1 contrast (status badges spec section 4, score bands section 5).
 */
const TINTS: Readonly<Record<BadgeColor | ScoreBand, { bg: string; fg: string }>> = {
  blue: { bg: '#dbeafe', fg: '#1e40af' },
  yellow: { bg: '#fef9c3', fg: '#854d0e' },
  green: { bg: '#dcfce7', fg: '#166534' },
  purple: { bg: '#f3e8ff', fg: '#6b21a8' },
  orange: { bg: '#ffedd5', fg: '#9a3412' },
  red: { bg: '#fee2e2', fg: '#991b1b' },
};

/** `sx` for a Chip (or any badge) in one of the tints. */
export function badgeSx(color: BadgeColor | ScoreBand) {
  const tint = TINTS[color];
  return { bgcolor: tint.bg, color: tint.fg, fontWeight: 700 } as const;
}

/** The tint's text shade, for icons and figures outside a badge. */
export function tintText(color: BadgeColor | ScoreBand): string {
  return TINTS[color].fg;
}
