/**
 * The antd theme every front end uses (primary orange scale around #f46900, Poppins).
 * Plain tokens, no antd import: each remote passes them to its own ConfigProvider.
 */
export const PRIMARY_COLOR = '#f46900';

export const FONT_FAMILY =
  "Poppins, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const themeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    fontFamily: FONT_FAMILY,
    borderRadius: 8,
  },
} as const;

export const BREAKPOINTS = { mobile: 768, small: 480, tiny: 360 } as const;
