/**
 * A category's products (docs/product.md §2 "Admin categories", §4 "Category product list"): 20 per
 * page with Previous/Next and 'Page x of y'; with Drag & Drop on, a drop reorders the list at once
 * and saves the order; a failed save reloads the list. The notice disappears after 3 s.
 */
import { DeleteOutlined, EyeOutlined, HolderOutlined } from '@ant-design/icons';
import { useNamespaceT, formatMoney } from '@koopjesland/shared';
import { tableLoading, useAdminMutation, useAdminNotices, useAdminUrls, useConfirm, useServerTable } from '@koopjesland/shared/admin';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { Alert, Button, Card, Flex, Switch, Table, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../i18n';
import { AssignProductsModal } from '../catalog-modals/catalog-modals';
import {
  CATEGORY_PRODUCTS_PAGE_SIZE,
  type CategoryProduct,
  useCategoryProductsQuery,
  useRemoveAllProductsFromCategoryMutation,
  useRemoveProductsFromCategoryMutation,
  useSaveProductOrderMutation,
} from './categories-api';

/** docs/product.md §9: the admin notice of the product order closes after 3 s. */
export const ORDER_NOTICE_MS = 3000;

/** The category's products come in their manual order only. */
const PRODUCT_ORDER_FIELDS = ['sortOrder'] as const;

/** New sort orders after moving one row: the page keeps its own sort-order values, in the new order. */
export function reorder(rows: CategoryProduct[], from: number, to: number, firstSortOrder: number) {
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  const values = rows.map((row) => row.sortOrder).sort((a, b) => a - b);
  const distinct = new Set(values).size === values.length;
  const productOrders = next.map((row, index) => ({
    productId: row.id,
    sortOrder: distinct ? values[index]! : firstSortOrder + index,
  }));
  return { rows: next.map((row, index) => ({ ...row, sortOrder: productOrders[index]!.sortOrder })), productOrders };
}

function DroppableBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <Droppable droppableId="category-products">
      {(provided) => (
        <tbody {...props} ref={provided.innerRef} {...provided.droppableProps}>
          {props.children}
          {provided.placeholder}
        </tbody>
      )}
    </Droppable>
  );
}

function DraggableRow({
  index,
  ...props
}: HTMLAttributes<HTMLTableRowElement> & { index?: number; 'data-row-key'?: number }) {
  const id = props['data-row-key'];
  if (id === undefined || index === undefined) return <tr {...props} />;
  return (
    <Draggable draggableId={String(id)} index={index}>
      {(provided) => (
        <tr
          {...props}
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          style={{ ...props.style, ...provided.draggableProps.style }}
        />
      )}
    </Draggable>
  );
}

export function CategoryProductsCard({ categoryId, categoryName }: { categoryId: number; categoryName: string }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const notices = useAdminNotices();
  const run = useAdminMutation();
  const confirm = useConfirm();
  // The spec's Previous/Next pager over the kit's paging: the page is kept in the address.
  const paging = useServerTable({ sortFields: PRODUCT_ORDER_FIELDS, defaultSort: { sortBy: 'sortOrder', sortOrder: 'asc' } });
  const { page } = paging.query;
  const setPage = paging.setPage;
  const [dragEnabled, setDragEnabled] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const list = useCategoryProductsQuery({ id: categoryId, page });
  const [removeProducts] = useRemoveProductsFromCategoryMutation();
  const [removeAll, removingAll] = useRemoveAllProductsFromCategoryMutation();
  const [saveOrder] = useSaveProductOrderMutation();
  const [rows, setRows] = useState<CategoryProduct[]>([]);
  useEffect(() => setRows(list.data?.products ?? []), [list.data]);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), ORDER_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const totalItems = list.data?.pagination.totalItems ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalItems / CATEGORY_PRODUCTS_PAGE_SIZE));

  const onDragEnd = async ({ source, destination }: DropResult) => {
    if (!destination || destination.index === source.index) return;
    const next = reorder(rows, source.index, destination.index, (page - 1) * CATEGORY_PRODUCTS_PAGE_SIZE + 1);
    setRows(next.rows);
    try {
      await saveOrder({ id: categoryId, productOrders: next.productOrders }).unwrap();
      setNotice({ type: 'success', text: t('categories.products.orderSaved') });
    } catch {
      setNotice({ type: 'error', text: t('categories.products.orderFailed') });
      void list.refetch();
    }
  };

  const remove = async (product: CategoryProduct) => {
    const confirmed = await confirm({
      content: { text: t('categories.products.confirmRemove', { name: product.name }) },
      danger: true,
    });
    if (!confirmed) return;
    await run(removeProducts({ id: categoryId, productIds: [product.id] }), { failure: t('categories.products.removeFailed') });
  };

  const deleteAll = async () => {
    if (!(await confirm({ content: 'removeAllProducts', danger: true }))) return;
    const removed = await run(removeAll(categoryId), { failure: t('categories.products.removeAllFailed') });
    if (!removed) return;
    notices.success(t('categories.products.removedAll', { count: removed.data.removedCount }));
    setPage(1);
  };

  const columns: TableProps<CategoryProduct>['columns'] = [
    ...(dragEnabled ? [{ key: 'drag', width: 32, render: () => <HolderOutlined aria-hidden /> }] : []),
    {
      key: 'name',
      title: t('categories.products.name'),
      render: (_value, product) => (
        <Flex vertical>
          <span>{product.name}</span>
          {product.brand ? <Typography.Text type="secondary">{product.brand}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'price',
      title: t('categories.products.lowestPrice'),
      render: (_value, product) => (product.lowestPrice ? formatMoney(product.lowestPrice.total) : t('common.na')),
    },
    { key: 'offers', title: t('categories.products.offers'), render: (_value, product) => product._count.prices },
    { key: 'stores', title: t('categories.products.stores'), dataIndex: 'storeCount' },
    { key: 'sortOrder', title: t('categories.products.sortOrder'), dataIndex: 'sortOrder' },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, product) => (
        <Flex gap={4}>
          <Tooltip title={t('categories.products.view')}>
            <Link to={urls.products.detail(product.id)} aria-label={t('categories.products.view')}>
              <Button size="small" icon={<EyeOutlined />} />
            </Link>
          </Tooltip>
          <Tooltip title={t('categories.products.remove')}>
            <Button
              size="small"
              danger
              aria-label={t('categories.products.remove')}
              icon={<DeleteOutlined />}
              onClick={() => void remove(product)}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  const table = (
    <Table<CategoryProduct>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      {...tableLoading(list.isFetching, t('categories.products.empty'))}
      pagination={false}
      {...(dragEnabled
        ? {
            components: { body: { wrapper: DroppableBody, row: DraggableRow } },
            onRow: (_record: CategoryProduct, index?: number) => ({ index }) as HTMLAttributes<HTMLElement>,
          }
        : {})}
    />
  );

  return (
    <Card
      title={t('categories.products.title', { count: totalItems })}
      extra={
        <Flex gap={8} align="center" wrap>
          <Switch checked={dragEnabled} onChange={setDragEnabled} aria-label={t('categories.products.dragAndDrop')} />
          <span>{t('categories.products.dragAndDrop')}</span>
          <Button type="primary" onClick={() => setAssigning(true)}>
            {t('categories.products.assign')}
          </Button>
          <Button danger loading={removingAll.isLoading} disabled={totalItems === 0} onClick={() => void deleteAll()}>
            {t('categories.products.deleteAll')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        {notice ? <Alert type={notice.type} showIcon title={notice.text} /> : null}
        {list.isError ? <Alert type="error" showIcon title={t('categories.products.loadFailed')} /> : null}
        {dragEnabled ? (
          <DragDropContext onDragEnd={(result) => void onDragEnd(result)}>{table}</DragDropContext>
        ) : (
          table
        )}
        <Flex justify="space-between" align="center">
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('common.previous')}
          </Button>
          <span>{t('common.pageOf', { page, total: totalPages })}</span>
          <Button disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            {t('common.next')}
          </Button>
        </Flex>
      </Flex>
      {assigning ? (
        <AssignProductsModal
          categoryId={categoryId}
          categoryName={categoryName}
          onClose={(saved) => {
            setAssigning(false);
            if (saved) void list.refetch();
          }}
        />
      ) : null}
    </Card>
  );
}
