/**
 * Form helpers every admin form shares: trimmed values, slugs derived from a name until the slug
 * is edited by hand, and a euro input whose value is whole cents (money is cents everywhere).
 */
import { InputNumber, type InputNumberProps } from 'antd';
import { useCallback, useRef } from 'react';
import { useNamespaceT } from '../i18n/use-namespace-t';

type Trimmed<T> = { [K in keyof T]: T[K] };

/** An absolute http(s) address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Trims every string (and every string in an array) of a form's values; other values pass as they are. */
export function trimValues<T extends Record<string, unknown>>(values: T): Trimmed<T> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? value.trim()
        : Array.isArray(value)
          ? value.map((item: unknown) => (typeof item === 'string' ? item.trim() : item))
          : value,
    ]),
  ) as Trimmed<T>;
}

/** 'Café Élan & Co.' → 'cafe-elan-co': lowercase, accents dropped, other runs of non-alphanumerics to one hyphen, no hyphen at either end. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

interface SlugForm {
  setFieldValue(name: string, value: unknown): void;
}

/**
 * For antd Form's `onValuesChange`: keeps `slugField` following `nameField` until the slug is
 * edited by hand. `startManual` for an edit form, whose slug already exists.
 */
export function useSlugFollowsName(
  form: SlugForm,
  { nameField = 'name', slugField = 'slug', startManual = false } = {},
) {
  const manual = useRef(startManual);
  return useCallback(
    (changed: Record<string, unknown>) => {
      if (slugField in changed) manual.current = true;
      else if (nameField in changed && !manual.current) {
        form.setFieldValue(slugField, slugify(String(changed[nameField] ?? '')));
      }
    },
    [form, nameField, slugField],
  );
}

/** Euros as typed (12.5, '12,50') → whole cents (1250); empty → null. */
export function eurosToCents(euros: number | string | null | undefined): number | null {
  if (euros === null || euros === undefined || euros === '') return null;
  const value = typeof euros === 'number' ? euros : Number(euros.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

export const centsToEuros = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;

export interface EuroInputProps extends Omit<InputNumberProps<number>, 'value' | 'onChange'> {
  /** Whole cents. */
  value?: number | null;
  onChange?: (cents: number | null) => void;
}

/** A euro amount typed with two decimals (comma in Dutch); the form holds whole cents. */
export function EuroInput({ value, onChange, ...rest }: EuroInputProps) {
  const { i18n } = useNamespaceT('common');
  return (
    <InputNumber<number>
      prefix="€"
      min={0}
      step={0.01}
      precision={2}
      decimalSeparator={i18n.resolvedLanguage === 'en' ? '.' : ','}
      {...rest}
      value={centsToEuros(value)}
      onChange={(euros) => onChange?.(eurosToCents(euros))}
    />
  );
}
