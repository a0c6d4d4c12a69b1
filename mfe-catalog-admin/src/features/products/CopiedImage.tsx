/**
 * An image as the admin sees it: our own copy (features/image-copies) or an upload on our own
 * origin, never a store's address (the CSP allows images from our origin only, and a store's host
 * learns nothing of who looks). Until the copy is made: a "copy pending" placeholder.
 */
import type { CSSProperties } from 'react';
import { Flex, Image } from 'antd';
import { useNamespaceT, type ImageCopy } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';

const UPLOADS = '/api/media/uploads/';

export function CopiedImage({ url, copy, alt, width, style }: { url: string; copy: ImageCopy | null | undefined; alt: string; width?: number; style?: CSSProperties }) {
  const { t } = useNamespaceT(NAMESPACE);
  const src = copy?.src ?? (url.startsWith(UPLOADS) ? url : null);
  if (!src) {
    return (
      <Flex align="center" justify="center" data-testid="copy-pending" style={{ width, minHeight: 120, background: '#f5f5f5', color: 'rgba(0, 0, 0, 0.45)', ...style }}>
        {t('images.copyPending')}
      </Flex>
    );
  }
  return <Image src={src} alt={alt} width={width} style={style} />;
}
