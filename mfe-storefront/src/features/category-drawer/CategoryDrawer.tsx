/**
 * Left drawer with category navigation (docs/product.md §2 Header, §4): drills into child categories,
 * a back control and a 'current category' button; level moves animate 100 ms out + 200 ms in.
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, type Category } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useGetNavigationCategoriesQuery } from './api';
import { readDrawerPath, resolvePath, saveDrawerPath } from './drawer-path';

export const LEAVE_MS = 100;
export const ENTER_MS = 200;

export default function CategoryDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useStorefrontT();
  const navigate = useNavigate();
  const tree = useGetNavigationCategoriesQuery();
  const [path, setPath] = useState<Category[]>([]);
  const [leaving, setLeaving] = useState<'forward' | 'back' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (tree.data) setPath(resolvePath(tree.data, readDrawerPath()));
  }, [tree.data]);
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
  const level = current ? (current.childCategories ?? []) : (tree.data ?? []);

  return (
    <Drawer placement="left" open={open} onClose={onClose} title={t('drawer.title')} size={320}>
      {tree.isLoading && <Spin />}
      {tree.isError && <Alert type="error" title={errorMessage(tree.error, t('drawer.loadFailed'))} />}
      {tree.data && !tree.isError && (
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
          {level.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.empty')} />
          ) : (
            <ul className="kl-drawer-list">
              {level.map((category) => (
                <li key={category.id} className="kl-drawer-item">
                  <Button type="link" onClick={() => go(category)} style={{ paddingLeft: 0 }}>
                    {category.name}
                  </Button>
                  {(category.childCategories?.length ?? 0) > 0 && (
                    <Button
                      type="text"
                      icon={<RightOutlined />}
                      aria-label={t('drawer.openChildren', { name: category.name })}
                      onClick={() => move([...path, category], 'forward')}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Drawer>
  );
}
