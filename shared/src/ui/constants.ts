/** SPEC §9 constants of the UI kit. */
export const UI = {
  lazyImageThreshold: 0.1,
  lazyImageMinHeightPx: 120,
  lazyImageSpinnerPx: 60,
  notificationMs: 5000,
  selectDebounceMs: 500,
  modalTransitionMs: 300,
  redirectDelayMs: 100,
  buttonIconPx: { sm: 20, md: 20, lg: 24 },
  iconPx: { xs: 18, sm: 24, md: 32, lg: 38, xl: 46 },
} as const;
