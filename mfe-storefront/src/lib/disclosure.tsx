/**
 * Sections that open and close under a header button (the WAI-ARIA disclosure pattern), with
 * antd's Collapse look in plain markup (styles in storefront.css): antd's Collapse and its motion
 * code were on the first load of every product page and category page. A closed section's content
 * is not rendered (a category's filter panel loads when a phone's visitor opens it).
 */
import { useId, useState, type ReactNode } from 'react';

export interface DisclosureItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

function Section({ item, initiallyOpen }: { item: DisclosureItem; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  return (
    <div className="kl-disclosure-item">
      <button
        type="button"
        className="kl-disclosure-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="kl-disclosure-arrow" aria-hidden>
          ›
        </span>
        {item.label}
      </button>
      <div id={panelId} className="kl-disclosure-panel" hidden={!open}>
        {open && item.children}
      </div>
    </div>
  );
}

export function Disclosure({ items, defaultOpen = [], className }: { items: DisclosureItem[]; defaultOpen?: string[]; className?: string }) {
  return (
    <div className={className ? `kl-disclosure ${className}` : 'kl-disclosure'}>
      {items.map((item) => (
        <Section key={item.key} item={item} initiallyOpen={defaultOpen.includes(item.key)} />
      ))}
    </div>
  );
}
