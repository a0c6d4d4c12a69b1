/**
 * A store's logo, whole: logos are wide wordmarks, so the image keeps its proportions inside a
 * box three times as wide as it is high (an avatar's square crop cut "MegaKoop" to "egaKoop").
 * Shown as our own copy (features/image-copies), never from the address an admin typed: until the
 * copy is made, the store's initial marked "copy pending". Without a logo, the store's initial.
 */
import { Avatar, Tooltip } from 'antd';
import { useNamespaceT, type ImageCopy } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';

/** An upload on our own origin is shown as it is; anything else only as its copy. */
export const ownUpload = (logo: string) => logo.startsWith('/api/media/uploads/');

export function StoreLogo({ name, logo, logoCopy, size = 32 }: { name: string; logo: string | null; logoCopy?: ImageCopy | null; size?: number }) {
  const { t } = useNamespaceT(NAMESPACE);
  const src = logoCopy?.src ?? (logo && ownUpload(logo) ? logo : null);
  if (!src) {
    const initial = (
      <Avatar shape="square" size={size} aria-label={name} data-testid={logo ? 'logo-pending' : undefined}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
    );
    return logo ? <Tooltip title={t('stores.fields.logoPending')}>{initial}</Tooltip> : initial;
  }
  return (
    <img
      src={src}
      srcSet={logoCopy?.srcSet}
      sizes={logoCopy ? `${size * 3}px` : undefined}
      alt={name}
      style={{ display: 'block', height: size, width: size * 3, objectFit: 'contain', objectPosition: 'left center' }}
    />
  );
}
