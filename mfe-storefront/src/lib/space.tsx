/**
 * antd's Space as a plain flex box: children in a row (centred) or a column, `size` apart
 * (small 8, middle 16, large 24 px, or a number), wrapping when asked.
 */
import type { AriaRole, CSSProperties, ReactNode } from 'react';

const GAPS = { small: 8, middle: 16, large: 24 } as const;

export function Space({
  children,
  orientation = 'horizontal',
  size = 'small',
  wrap = false,
  style,
  role,
  'aria-label': label,
}: {
  children: ReactNode;
  orientation?: 'horizontal' | 'vertical';
  size?: keyof typeof GAPS | number;
  wrap?: boolean;
  style?: CSSProperties;
  role?: AriaRole;
  'aria-label'?: string;
}) {
  const gap = typeof size === 'number' ? size : GAPS[size];
  const layout: CSSProperties =
    orientation === 'vertical'
      ? { display: 'flex', flexDirection: 'column', gap }
      : { display: 'inline-flex', alignItems: 'center', flexWrap: wrap ? 'wrap' : undefined, gap };
  return (
    <div style={{ ...layout, ...style }} role={role} aria-label={label}>
      {children}
    </div>
  );
}
