/** A short list in plain markup (antd's List is deprecated in antd 6.6 and Listy is a virtual list). */
import { AdminEmpty, AdminPageLoading } from '@koopjesland/shared/admin';
import { Flex } from 'antd';
import type { Key, ReactNode } from 'react';

export function PlainList<Item>({
  items,
  keyOf,
  render,
  empty,
  loading = false,
}: {
  items: Item[];
  keyOf(item: Item): Key;
  render(item: Item): ReactNode;
  empty: ReactNode;
  loading?: boolean;
}) {
  if (loading) return <AdminPageLoading />;
  if (items.length === 0) return <AdminEmpty description={empty} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={keyOf(item)} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            {render(item)}
          </Flex>
        </li>
      ))}
    </ul>
  );
}
