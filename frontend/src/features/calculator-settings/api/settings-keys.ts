/** Query keys of the Calculator tab's reads; a save writes its answer into the same key. */
export const calculatorSettingsKeys = {
  all: ['calculator-settings'] as const,
  pricing: () => [...calculatorSettingsKeys.all, 'material-pricing'] as const,
  shareLink: () => [...calculatorSettingsKeys.all, 'share-link'] as const,
};
