/**
 * Card in plain markup with antd's look (styles in storefront.css), as lib/typography does for
 * text. antd's Card brings its Tabs (with Menu, Dropdown and Overflow) for a tabbed card the
 * storefront never shows, on the first load of every page with a product card.
 */
import type { CSSProperties, ReactNode } from 'react';

export function Card(props: {
  children?: ReactNode;
  title?: ReactNode;
  /** Shown above the body, edge to edge (a product's or category's image). */
  cover?: ReactNode;
  size?: 'small' | 'default';
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  return (
    <div className={props.size === 'small' ? 'kl-card kl-card-small' : 'kl-card'} style={props.style} data-testid={props['data-testid']}>
      {props.title && <div className="kl-card-head">{props.title}</div>}
      {props.cover && <div className="kl-card-cover">{props.cover}</div>}
      <div className="kl-card-body">{props.children}</div>
    </div>
  );
}
