/**
 * Left drawer with category navigation (spec §2 Header, §4): drills into child categories,
 * a back control and a 'current category' button; level moves animate 100 ms out + 200 ms in.
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, List, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiGet, type Category } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { useAsync } from '../../lib/useAsync';
import { readDrawerPath, resolvePath, saveDrawerPath, visibleCategories } from './drawer-path';

export const LEAVE_MS = 100;
export const ENTER_MS = 200;

export default function CategoryDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useStorefrontT();
  const navigate = useNavigate();
  const tree = useAsync(
    async () => visibleCategories((await apiGet<{ categories: Category[] }>('categories', { query: { navigation: true } })).categories),
    'navigation',
  );
  const [path, setPath] = useState<Category[]>([]);
  const [leaving, setLeaving] = useState<'forward' | 'back' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (tree.status === 'success') setPath(resolvePath(tree.data, readDrawerPath()));
  }, [tree.status, tree.data]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const move = (next: Category[], direction: 'forward' | 'back') => {
    setLeaving(direction);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setPath(next);
      saveDrawerPath(next);
      setLeaving(null);
    }, LEAVE_MS);
  };
  const go = (category: { slug: string }) => {
    navigate(`/${category.slug}`);
    onClose();
  };

  const current = path.at(-1);
  const level = current ? (current.childCategories ?? []) : tree.status === 'success' ? tree.data : [];

  return (
    <Drawer placement="left" open={open} onClose={onClose} title={t('drawer.title')} width={320}>
      {tree.status === 'loading' && <Spin />}
      {tree.status === 'error' && <Alert type="error" message={errorMessage(tree.error, t('drawer.loadFailed'))} />}
      {tree.status === 'success' && (
        <div className={`kl-drawer-level${leaving ? ` kl-leaving kl-leaving-${leaving}` : ''}`} style={{ transitionDuration: `${leaving ? LEAVE_MS : ENTER_MS}ms` }}>
          {current && (
            <>
              <Button type="link" icon={<LeftOutlined />} onClick={() => move(path.slice(0, -1), 'back')} style={{ paddingLeft: 0 }}>
                {t('drawer.back')}
              </Button>
              <Button block type="primary" onClick={() => go(current)} style={{ margin: '8px 0' }}>
                {t('drawer.currentCategory', { name: current.name })}
              </Button>
            </>
          )}
          <List<Category>
            dataSource={level}
            locale={{ emptyText: t('drawer.empty') }}
            renderItem={(category) => (
              <List.Item
                actions={
                  (category.childCategories?.length ?? 0) > 0
                    ? [
                        <Button
                          key="open"
                          type="text"
                          icon={<RightOutlined />}
                          aria-label={t('drawer.openChildren', { name: category.name })}
                          onClick={() => move([...path, category], 'forward')}
                        />,
                      ]
                    : []
                }
              >
                <Button type="link" onClick={() => go(category)} style={{ paddingLeft: 0 }}>
                  {category.name}
                </Button>
              </List.Item>
            )}
          />
        </div>
      )}
    </Drawer>
  );
}
