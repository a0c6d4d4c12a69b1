/** The changed fields of one audit record: `field: before → after`. */
import { Typography } from 'antd';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

export function ChangeList({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return null;
  return (
    <ul style={{ margin: 0, paddingLeft: 16 }}>
      {fields.map((field) => (
        <li key={field}>
          <Typography.Text code>{field}</Typography.Text> {show(before?.[field])} → {show(after?.[field])}
        </li>
      ))}
    </ul>
  );
}
