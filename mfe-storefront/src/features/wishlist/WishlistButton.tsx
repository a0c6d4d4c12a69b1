/**
 * Heart toggle for one product: outline when not wishlisted, filled when it is. Signed-in
 * visitors' state is checked on load; anonymous visitors go to /login and come back here.
 */
import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled';
import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore, useHydrated, type Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useFailureToast } from '../notifications/failure-toast';
import { loginPathFor } from '../login/redirect';
import { NOT_WISHLISTED, useCheckWishlistQuery, type WishlistState } from './api';
import { Button } from '../../lib/button';
import { Icon } from '../../lib/icon';
import { lazyWithAntd } from '../../lib/lazy-with-antd';

const WishlistModal = lazyWithAntd(() => import('./WishlistModal'));

function stateFromProduct(product: Product): WishlistState | null {
  if (product.isWishlisted === undefined) return null;
  return product.isWishlisted && product.wishlistItem
    ? { isWishlisted: true, wishlistItemId: product.wishlistItem.id, maxPrice: product.wishlistItem.maxPrice }
    : NOT_WISHLISTED;
}

export interface WishlistButtonProps {
  product: Product;
  onChange?(state: WishlistState): void;
  /** The state read from the visitor's whole wishlist (product lists), instead of checking this product. */
  listed?: WishlistState;
  /** Only the heart, labelled for screen readers (product cards). */
  compact?: boolean;
}

export function WishlistButton({ product, onChange, listed, compact = false }: WishlistButtonProps) {
  const { t } = useStorefrontT();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const viewer = useAuthStore((auth) => auth.user?.id ?? null);
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Per-user: usable once the page is hydrated (shown disabled in the server's markup, same size).
  const hydrated = useHydrated();
  // What this visitor last saved in the modal for this product wins over older answers.
  const [saved, setSaved] = useState<{ productId: number; viewer: number | null; state: WishlistState } | null>(null);
  // The product answer carries the state for a signed-in visitor; otherwise ask the wishlist.
  const known = listed ?? stateFromProduct(product);
  const checked = useCheckWishlistQuery(
    { productId: product.id, viewer: viewer ?? 0 },
    { skip: !signedIn || viewer === null || known !== null },
  );
  useFailureToast(checked, t('wishlist.checkFailed'));
  const state: WishlistState = !signedIn
    ? NOT_WISHLISTED
    : saved && saved.productId === product.id && saved.viewer === viewer
      ? saved.state
      : (known ?? checked.data ?? NOT_WISHLISTED);

  const click = () => {
    if (!signedIn) navigate(loginPathFor(location));
    else setOpen(true);
  };

  return (
    <>
      <Button
        // The heart is decoration: the button's name is its text or its label.
        icon={state.isWishlisted ? <Icon icon={HeartFilled} style={{ color: '#e5484d' }} /> : <Icon icon={HeartOutlined} />}
        onClick={click}
        disabled={!hydrated}
        aria-pressed={state.isWishlisted}
        {...(compact
          ? { 'aria-label': t(state.isWishlisted ? 'wishlist.onWishlistOf' : 'wishlist.addToWishlistOf', { product: product.name }), shape: 'circle' as const }
          : {})}
      >
        {compact ? null : state.isWishlisted ? t('wishlist.onWishlist') : t('wishlist.addToWishlist')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <WishlistModal
            product={product}
            state={state}
            onClose={() => setOpen(false)}
            onChange={(next) => {
              setSaved({ productId: product.id, viewer, state: next });
              onChange?.(next);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
