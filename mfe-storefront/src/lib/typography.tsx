/**
 * Title, Text and Paragraph in plain markup with antd's look (styles in storefront.css).
 * antd's Typography carries its editable and copyable modes (TextArea, Form, Tooltip) into
 * every page that shows a heading; the storefront uses none of them.
 */
import type { CSSProperties, ReactNode } from 'react';

type TextType = 'secondary' | 'success' | 'warning' | 'danger';

interface TextProps {
  children?: ReactNode;
  type?: TextType;
  strong?: boolean;
  delete?: boolean;
  style?: CSSProperties;
  className?: string;
  id?: string;
}

function classes(base: string, { type, strong, className }: TextProps) {
  return [base, type && `kl-text-${type}`, strong && 'kl-text-strong', className].filter(Boolean).join(' ');
}

function Text(props: TextProps) {
  const content = props.delete ? <del>{props.children}</del> : props.children;
  return (
    <span className={classes('kl-text', props)} style={props.style} id={props.id}>
      {content}
    </span>
  );
}

function Paragraph(props: TextProps) {
  return (
    <p className={classes('kl-paragraph', props)} style={props.style} id={props.id}>
      {props.children}
    </p>
  );
}

/** `size`: the look of another level, where the outline needs this level (a card's title under a section's h2). */
function Title({ level = 1, size = level, ...props }: TextProps & { level?: 1 | 2 | 3 | 4 | 5; size?: 1 | 2 | 3 | 4 | 5 }) {
  const Heading = `h${level}` as const;
  return (
    <Heading className={classes(`kl-title kl-title-${size}`, props)} style={props.style} id={props.id}>
      {props.children}
    </Heading>
  );
}

export const Typography = { Text, Paragraph, Title };
