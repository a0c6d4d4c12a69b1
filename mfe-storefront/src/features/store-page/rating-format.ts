/** A store's average rating with one decimal (docs/product.md §9): "4,2" in Dutch, "4.2" in English. */
import { formatDecimal } from '@koopjesland/shared';

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

export const oneDecimal = (value: number, language: string) => formatDecimal(value, ONE_DECIMAL, language);
