/**
 * Wishlist add/edit (docs/product.md §4, §5): desired price in euros (prefix €, > 0, 2 decimals), default
 * 75 % of the lowest price for a new entry or the stored max price; update and remove when editing.
 */
import { Button, Form, InputNumber, Modal, Space } from 'antd';
import { useState } from 'react';
import { eurosToCents, formatMoney, type Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import {
  NOT_WISHLISTED,
  useAddToWishlistMutation,
  useRemoveWishlistItemMutation,
  useUpdateWishlistItemMutation,
  type WishlistState,
} from './api';
import { useNotify } from '../notifications/notifications';
import { statusTextOf } from '../../lib/failure';
import { Typography } from '../../lib/typography';

export const DEFAULT_WISHLIST_SHARE = 0.75;

export function defaultDesiredPrice(product: Product, state: WishlistState): number | null {
  if (state.isWishlisted && state.maxPrice !== null) return state.maxPrice / 100;
  const lowest = product.lowestPrice?.total;
  return lowest ? Math.round(lowest * DEFAULT_WISHLIST_SHARE) / 100 : null;
}

export default function WishlistModal({
  product,
  state,
  onClose,
  onChange,
}: {
  product: Product;
  state: WishlistState;
  onClose(): void;
  onChange(state: WishlistState): void;
}) {
  const { t } = useStorefrontT();
  const notification = useNotify();
  const [value, setValue] = useState<number | null>(defaultDesiredPrice(product, state));
  const [error, setError] = useState<string | null>(null);
  const [addToWishlist, adding] = useAddToWishlistMutation();
  const [updateWishlistItem, updating] = useUpdateWishlistItemMutation();
  const [removeWishlistItem, removing] = useRemoveWishlistItemMutation();
  const busy = adding.isLoading || updating.isLoading || removing.isLoading;
  const editing = state.isWishlisted && state.wishlistItemId !== null;

  const validCents = (): number | null => {
    if (value === null || value === undefined || String(value).trim() === '') {
      setError(t('wishlist.priceRequired'));
      return null;
    }
    const cents = eurosToCents(value);
    if (cents === null || cents <= 0) {
      setError(t('wishlist.pricePositive'));
      return null;
    }
    return cents;
  };

  const save = async () => {
    const cents = validCents();
    if (cents === null) return;
    try {
      if (editing) {
        await updateWishlistItem({ id: state.wishlistItemId!, maxPrice: cents }).unwrap();
        onChange({ isWishlisted: true, wishlistItemId: state.wishlistItemId, maxPrice: cents });
        notification.success({ title: t('wishlist.updated', { product: product.name }) });
      } else {
        const { wishlistItem } = await addToWishlist({ productId: product.id, maxPrice: cents }).unwrap();
        onChange({ isWishlisted: true, wishlistItemId: wishlistItem.id, maxPrice: wishlistItem.maxPrice });
        notification.success({ title: t('wishlist.added', { product: product.name }) });
      }
      onClose();
    } catch (failure) {
      notification.error({
        title: editing ? t('wishlist.updateFailed') : t('wishlist.addFailed'),
        description: editing ? t('wishlist.updateFailedPlain') : t('wishlist.addFailedStatus', { statusText: statusTextOf(failure) }),
      });
    }
  };

  const remove = async () => {
    try {
      await removeWishlistItem(state.wishlistItemId!).unwrap();
      onChange(NOT_WISHLISTED);
      notification.success({ title: t('wishlist.removed', { product: product.name }) });
      onClose();
    } catch {
      notification.error({ title: t('wishlist.removeFailed'), description: t('wishlist.removeFailedPlain') });
    }
  };

  return (
    <Modal
      open
      title={editing ? t('wishlist.editTitle') : t('wishlist.addTitle')}
      onCancel={onClose}
      footer={
        <Space>
          {editing && (
            <Button danger onClick={remove} loading={busy}>
              {t('wishlist.remove')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" onClick={save} loading={busy}>
            {editing ? t('wishlist.update') : t('wishlist.add')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph strong>{product.name}</Typography.Paragraph>
      {product.lowestPrice && (
        <Typography.Paragraph type="secondary">
          {t('wishlist.currentLowest', { price: formatMoney(product.lowestPrice.total) })}
        </Typography.Paragraph>
      )}
      <Form.Item
        label={t('wishlist.desiredPrice')}
        htmlFor="wishlist-price"
        layout="vertical"
        validateStatus={error ? 'error' : undefined}
        help={error ?? t('wishlist.desiredPriceHelp')}
      >
        <InputNumber
          id="wishlist-price"
          prefix="€"
          min={0}
          step={0.01}
          precision={2}
          decimalSeparator=","
          style={{ width: '100%' }}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          disabled={busy}
        />
      </Form.Item>
    </Modal>
  );
}
