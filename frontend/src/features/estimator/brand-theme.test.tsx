import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme/theme';
import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';
import { readableShade } from './brand-colors';
import { createBrandTheme } from './brand-theme';

describe('brand colour', () => {
  it.each(['#16a34a', '#facc15', '#ffffff', '#0ea5e9', '#1e3a8a'])(
    'gives %s a shade that white text can be read on (4.5:1)',
    (color) => {
      expect(getContrastRatio(readableShade(color), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps the app theme for the default colour and themes primary with the brand otherwise', () => {
    expect(createBrandTheme(theme, DEFAULT_BRAND_COLOR)).toBe(theme);
    const branded = createBrandTheme(theme, '#2563eb');
    expect(branded.palette.primary.main).toBe('#2563eb');
    expect(getContrastRatio(branded.palette.primary.dark, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(branded.typography.fontFamily).toBe(theme.typography.fontFamily);
  });
});
