/**
 * The space the price history block takes before and after its code loads (no layout shift):
 * the controls row, the figures line and the chart.
 */
export const CHART_HEIGHT = 280;
export const CONTROLS_HEIGHT = 40;
export const FIGURES_HEIGHT = 30;
export const PRICE_HISTORY_BLOCK_HEIGHT = CONTROLS_HEIGHT + FIGURES_HEIGHT + CHART_HEIGHT;
