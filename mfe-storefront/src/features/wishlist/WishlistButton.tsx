/**
 * Heart toggle for one product: outline when not wishlisted, filled when it is. Signed-in
 * visitors' state is checked on load; anonymous visitors go to /login and come back here.
 */
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectIsAuthenticated, useAuthStore, type Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { loginPathFor } from '../login/redirect';
import { checkWishlist, NOT_WISHLISTED, type WishlistState } from './api';

const WishlistModal = lazy(() => import('./WishlistModal'));

function stateFromProduct(product: Product): WishlistState | null {
  if (product.isWishlisted === undefined) return null;
  return product.isWishlisted && product.wishlistItem
    ? { isWishlisted: true, wishlistItemId: product.wishlistItem.id, maxPrice: product.wishlistItem.maxPrice }
    : NOT_WISHLISTED;
}

export function WishlistButton({ product, onChange }: { product: Product; onChange?(state: WishlistState): void }) {
  const { t } = useStorefrontT();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<WishlistState>(() => stateFromProduct(product) ?? NOT_WISHLISTED);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!signedIn) {
      setState(NOT_WISHLISTED);
      return undefined;
    }
    const known = stateFromProduct(product);
    if (known) {
      setState(known);
      return undefined;
    }
    let active = true;
    checkWishlist(product.id).then(
      (checked) => active && setState(checked),
      (error: unknown) => console.warn('Failed to check wishlist status', error),
    );
    return () => {
      active = false;
    };
  }, [signedIn, product]);

  const click = () => {
    if (!signedIn) navigate(loginPathFor(location));
    else setOpen(true);
  };

  return (
    <>
      <Button
        icon={state.isWishlisted ? <HeartFilled style={{ color: '#e5484d' }} /> : <HeartOutlined />}
        onClick={click}
        aria-pressed={state.isWishlisted}
      >
        {state.isWishlisted ? t('wishlist.onWishlist') : t('wishlist.addToWishlist')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <WishlistModal
            product={product}
            state={state}
            onClose={() => setOpen(false)}
            onChange={(next) => {
              setState(next);
              onChange?.(next);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
