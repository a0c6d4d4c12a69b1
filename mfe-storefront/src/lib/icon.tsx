/**
 * antd's icons drawn from their SVG data (`@ant-design/icons-svg`) without `@ant-design/icons`,
 * whose runtime (style injection, two-tone colours) would be on every visitor page.
 * The markup matches antd's (`span.anticon`), without its English label.
 */
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { CSSProperties, ReactNode } from 'react';

/** SVG attribute names as React props (`fill-rule` → `fillRule`). */
function propsOf(attrs: AbstractNode['attrs']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name === 'class' ? 'className' : name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

function draw(node: AbstractNode, key: number): ReactNode {
  const Tag = node.tag as 'path';
  return (
    <Tag key={key} {...propsOf(node.attrs)}>
      {node.children?.map(draw)}
    </Tag>
  );
}

/**
 * Decoration only: every icon here sits beside a text or inside a control with its own name, so
 * it is hidden from assistive technology (antd named it by its English file name, "heart").
 */
export function Icon({ icon, style }: { icon: IconDefinition; style?: CSSProperties }) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', '#e6e6e6') : icon.icon;
  return (
    <span aria-hidden="true" className={`anticon kl-icon anticon-${icon.name}`} style={style}>
      <svg {...propsOf(svg.attrs)} width="1em" height="1em" fill="currentColor">
        {svg.children?.map(draw)}
      </svg>
    </span>
  );
}
