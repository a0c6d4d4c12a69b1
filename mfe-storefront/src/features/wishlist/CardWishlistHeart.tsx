/**
 * The heart on a product card (home, category and search lists). A signed-in visitor's whole
 * wishlist is read once for the page (one request, shared by every card through the data layer);
 * adding or removing invalidates it, so every list on the page shows the new state.
 */
import { selectIsAuthenticated, useAuthStore, type Product } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useFailureToast } from '../notifications/failure-toast';
import { NOT_WISHLISTED, useWishlistQuery, wishlistStateIn } from './api';
import { WishlistButton } from './WishlistButton';

export function CardWishlistHeart({ product }: { product: Product }) {
  const signedIn = useAuthStore(selectIsAuthenticated);
  const viewer = useAuthStore((auth) => auth.user?.id ?? null);
  const { t } = useStorefrontT();
  const wishlist = useWishlistQuery(viewer ?? 0, { skip: !signedIn || viewer === null });
  useFailureToast(wishlist, t('wishlist.fetchFailed'));
  const { data } = wishlist;
  return <WishlistButton product={product} listed={data ? wishlistStateIn(data, product.id) : NOT_WISHLISTED} compact />;
}
