/**
 * A small menu button in plain markup (WAI-ARIA menu button): the header's language and user
 * menus. antd's Dropdown would put Menu, Trigger and Tooltip on every first load
 * (the visitor pages' first-load budget).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonClassName } from '../../lib/button';

export type MenuEntry =
  | { key: string; label: ReactNode; checked?: boolean }
  | { caption: ReactNode }
  | { divider: true };

interface MenuButtonProps {
  label: string;
  icon: ReactNode;
  text?: ReactNode;
  entries: MenuEntry[];
  onSelect(key: string): void;
}

export function MenuButton({ label, icon, text, entries, onSelect }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div className="kl-menu" ref={root}>
      <button
        type="button"
        className={buttonClassName({ variant: 'text' })}
        // The name holds the visible text too (label in name: speech users say what they see).
        aria-label={text ? `${label} (${text})` : label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {icon}
        {text}
      </button>
      {open && (
        <ul role="menu" aria-label={label} className="kl-menu-list">
          {entries.map((entry, index) => {
            if ('divider' in entry) return <li key={`divider-${index}`} role="separator" className="kl-menu-divider" />;
            if ('caption' in entry) {
              return (
                <li key={`caption-${index}`} role="presentation" className="kl-menu-caption">
                  {entry.caption}
                </li>
              );
            }
            return (
              <li key={entry.key} role="none">
                <button
                  type="button"
                  role={entry.checked === undefined ? 'menuitem' : 'menuitemradio'}
                  aria-checked={entry.checked}
                  className="kl-menu-item"
                  onClick={() => {
                    setOpen(false);
                    onSelect(entry.key);
                  }}
                >
                  {entry.label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
