/**
 * The antd theme every front end uses (Koopjesland orange, Poppins).
 * Plain tokens, no antd import: each remote passes them to its own ConfigProvider.
 * Text colours meet WCAG AA (4.5:1 on white): the brand's bright #f46900 reached only 3:1 as
 * link text and behind white button labels, so text and buttons use its darker shade.
 */
export const PRIMARY_COLOR = '#c2410c';
/** Secondary and description text: antd's 45 % black is 3.9:1 on white, 60 % is 5.7:1. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

export const FONT_FAMILY =
  "Poppins, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const themeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorTextSecondary: SECONDARY_TEXT,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    fontFamily: FONT_FAMILY,
    borderRadius: 8,
  },
} as const;

/**
 * Tag colours for labels: antd's green and orange presets print shade 7 on shade 1 (3:1, below
 * WCAG AA), so those tags use these solid colours with white text (over 5:1) instead.
 */
export const TAG_COLORS = { green: '#237804', orange: '#ad4e00' } as const;

export const BREAKPOINTS = { mobile: 768, small: 480, tiny: 360 } as const;
