/**
 * Breadcrumb in plain markup with antd's look (styles in storefront.css). antd's Breadcrumb brings
 * Dropdown and Menu for items with menus, which ours never have.
 */
import type { ReactNode } from 'react';

/** A trail of links to the page's ancestors, the page itself last (not a link). */
export function Breadcrumb({ label, items }: { label: string; items: { title: ReactNode }[] }) {
  return (
    <nav className="kl-breadcrumb" aria-label={label}>
      <ol>
        {items.map((item, index) => (
          <li key={index} aria-current={index === items.length - 1 ? 'page' : undefined}>
            {item.title}
          </li>
        ))}
      </ol>
    </nav>
  );
}
