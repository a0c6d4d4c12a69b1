/**
 * The two-column layouts of visitor pages in plain CSS grid (styles in storefront.css). antd's
 * `Row`/`Col` bring the rules of every span, offset and order at every breakpoint: on a
 * server-rendered page they are inline CSS the browser parses before its first paint.
 *
 * - `sidebar`: a third for filters, two thirds for results (desktop; phones get their own layout).
 */
import type { CSSProperties, ReactNode } from 'react';

export function Columns({ layout, children, style }: { layout: 'sidebar'; children: ReactNode; style?: CSSProperties }) {
  return (
    <div className={`kl-columns kl-columns-${layout}`} style={style}>
      {children}
    </div>
  );
}
