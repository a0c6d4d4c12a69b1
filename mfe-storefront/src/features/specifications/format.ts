/** How a specification value reads on the page: a number in the visitor's notation with its unit, yes/no in words. */
import { formatDecimal, SPEC_NO, SPEC_YES, type SpecificationField, type SpecificationValue } from '@koopjesland/shared';
import type { useStorefrontT } from '../../i18n';

type Translate = ReturnType<typeof useStorefrontT>['t'];

const UP_TO_TWO_DECIMALS = { maximumFractionDigits: 2 };

export function formatSpecNumber(value: number, language: string): string {
  return formatDecimal(value, UP_TO_TWO_DECIMALS, language === 'en' ? 'en' : 'nl');
}

export function withUnit(text: string, unit: string | null): string {
  return unit ? `${text} ${unit}` : text;
}

/** A product's value of a field; `null` (no readable value) reads as a dash. */
export function formatSpecValue(
  value: SpecificationValue | null,
  field: Pick<SpecificationField, 'type' | 'unit'>,
  t: Translate,
  language: string,
): string {
  if (value === null) return t('specifications.noValue');
  if (typeof value === 'boolean') return t(value ? 'specifications.yes' : 'specifications.no');
  if (typeof value === 'number') return withUnit(formatSpecNumber(value, language), field.unit);
  return value;
}

/** An option of a yes/no or list filter as a visitor reads it. */
export function optionLabel(type: 'boolean' | 'list', value: string, t: Translate): string {
  if (type !== 'boolean') return value;
  if (value === SPEC_YES) return t('specifications.yes');
  if (value === SPEC_NO) return t('specifications.no');
  return value;
}
