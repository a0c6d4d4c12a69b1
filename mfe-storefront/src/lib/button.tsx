/**
 * Button in plain markup with antd's look (styles in storefront.css, `.kl-button`), as the header
 * already had. antd's Button brings its wave effect, compact-space and colour-variant styles:
 * all on the first load of every visitor page. Admin screens keep antd's Button.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'default' | 'primary' | 'text' | 'link';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: ButtonVariant;
  size?: 'small' | 'middle';
  /** 'circle': a round icon-only button. */
  shape?: 'circle';
  icon?: ReactNode;
  htmlType?: 'button' | 'submit';
}

export function buttonClassName({
  variant = 'default',
  size = 'middle',
  shape,
  iconOnly = false,
  className = '',
}: {
  variant?: ButtonVariant;
  size?: 'small' | 'middle';
  shape?: 'circle';
  iconOnly?: boolean;
  className?: string;
}): string {
  const classes = [
    'kl-button',
    `kl-button-${variant}`,
    size === 'small' && 'kl-button-small',
    shape && `kl-button-${shape}`,
  ];
  return [...classes, iconOnly && 'kl-button-icon-only', className].filter(Boolean).join(' ');
}

export function Button({ variant, size, shape, icon, htmlType = 'button', className, children, ...rest }: ButtonProps) {
  const hasText = children !== undefined && children !== null && children !== false;
  return (
    <button
      type={htmlType}
      className={buttonClassName({ variant, size, shape, iconOnly: !hasText, className })}
      {...rest}
    >
      {icon}
      {hasText && <span>{children}</span>}
    </button>
  );
}
