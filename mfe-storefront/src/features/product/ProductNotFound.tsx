/**
 * The product page for an unknown product (404). A chunk of its own: antd's Result carries its
 * illustrations, which no page of an existing product needs.
 */
import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useStorefrontT } from '../../i18n';

export default function ProductNotFound() {
  const { t } = useStorefrontT();
  return (
    <Result
      status="404"
      title={t('product.notFoundTitle')}
      subTitle={t('product.notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('login.backToDeals')}</Button>
        </Link>
      }
    />
  );
}
