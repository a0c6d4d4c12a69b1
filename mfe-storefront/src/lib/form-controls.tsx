/**
 * Native form controls with antd's look (styles in storefront.css) for visitor pages' filters: a
 * `<select>` (the phone's own picker, type-to-find on a desktop) and a text or number input with an
 * optional prefix. antd's Select and Input would weigh on a category page's first load.
 */
import type { CSSProperties, InputHTMLAttributes, KeyboardEvent, ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export function Select({
  value,
  options,
  onChange,
  style,
  'aria-label': label,
}: {
  value: string;
  options: SelectOption[];
  onChange(value: string): void;
  style?: CSSProperties;
  'aria-label': string;
}) {
  return (
    <select
      className="kl-select"
      aria-label={label}
      value={value}
      style={style}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  prefix?: ReactNode;
  /** Called on Enter, as antd's `onPressEnter`. */
  onPressEnter?(): void;
}

export function Input({ prefix, onPressEnter, className, style, ...rest }: InputProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onPressEnter?.();
    rest.onKeyDown?.(event);
  };
  return (
    <span className={['kl-input', className].filter(Boolean).join(' ')} style={style}>
      {prefix && (
        <span className="kl-input-prefix" aria-hidden="true">
          {prefix}
        </span>
      )}
      <input {...rest} onKeyDown={onKeyDown} />
    </span>
  );
}
