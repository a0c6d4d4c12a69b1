/**
 * Tag in plain markup with antd's look (styles in storefront.css). `color`: one of the theme's
 * TAG_COLORS (white text on it) or 'blue' (antd's light preset). `onClose` adds a remove button
 * named by `closeLabel`.
 */
import type { ReactNode } from 'react';
import { Icon } from './icon';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';

export function Tag({
  children,
  color,
  onClose,
  closeLabel,
  'data-testid': testId,
}: {
  children: ReactNode;
  color?: string;
  onClose?: () => void;
  closeLabel?: string;
  'data-testid'?: string;
}) {
  const preset = color === 'blue' ? 'kl-tag kl-tag-blue' : color ? 'kl-tag kl-tag-solid' : 'kl-tag';
  return (
    <span className={preset} style={color && color !== 'blue' ? { background: color } : undefined} data-testid={testId}>
      {children}
      {onClose && (
        <button type="button" className="kl-tag-close" aria-label={closeLabel} onClick={onClose}>
          <Icon icon={CloseOutlined} />
        </button>
      )}
    </span>
  );
}
