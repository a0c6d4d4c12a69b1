/** A store's average rating with one decimal (docs/product.md §9): "4,2" in Dutch, "4.2" in English. */
export const oneDecimal = (value: number, language: string) =>
  value.toLocaleString(language === 'en' ? 'en-GB' : 'nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
