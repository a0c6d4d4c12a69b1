/**
 * antd's Segmented look in plain markup: a labelled group of native radio buttons (arrow keys move
 * between them, as in antd), styled in storefront.css. Used for small view switches on visitor pages.
 */
import { useId, type ReactNode } from 'react';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
}

export function Segmented<T extends string>({
  value,
  options,
  onChange,
  disabled = false,
  'aria-label': label,
}: {
  value: T;
  options: SegmentedOption<T>[];
  onChange(value: T): void;
  disabled?: boolean;
  'aria-label': string;
}) {
  const name = useId();
  return (
    <div className="kl-segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <label key={option.value} className="kl-segmented-item">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          <span className="kl-segmented-label">
            {option.icon}
            {option.label}
          </span>
        </label>
      ))}
    </div>
  );
}
