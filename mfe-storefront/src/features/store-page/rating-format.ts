/** A store's average rating with one decimal (docs/product.md §9): "4,2" in Dutch, "4.2" in English. */
const formats = {
  nl: new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};

export const oneDecimal = (value: number, language: string) =>
  (language === 'en' ? formats.en : formats.nl).format(value);
