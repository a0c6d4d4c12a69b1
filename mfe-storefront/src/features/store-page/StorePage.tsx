/**
 * /store/{slug} (issue "Price intelligence", part 5): the store's details, its rating (average
 * with one decimal and count), the categories its offers are in, and its ratings newest first.
 * A signed-in visitor rates it 1-5 stars with an optional comment (one rating, editable);
 * anonymous visitors are offered to sign in.
 */
import { Alert, Button, Empty, Flex, Input, Rate, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { errorMessage, formatDate, selectIsAuthenticated, useAuthStore, type StorePage as StorePageData } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { statusTextOf } from '../../lib/failure';
import { Typography } from '../../lib/typography';
import { loginPathFor } from '../login/redirect';
import { useNotify } from '../notifications/notifications';
import { categoryPath } from '../../lib/paths';
import { PageHead } from '../seo/PageHead';
import { oneDecimal } from './rating-format';
import { StoreLogo } from './StoreLogo';
import { useOwnStoreRatingQuery, useRateStoreMutation, useStorePageQuery } from './api';
import { Card } from '../../lib/card';

const COMMENT_MAX = 2000;

function RatingForm({ storeId }: { storeId: number }) {
  const { t } = useStorefrontT();
  const notify = useNotify();
  const viewer = useAuthStore((auth) => auth.user?.id ?? 0);
  const own = useOwnStoreRatingQuery({ storeId, viewer });
  const [rateStore, { isLoading }] = useRateStoreMutation();
  const [draft, setDraft] = useState<{ stars: number; comment: string } | null>(null);
  const stars = draft?.stars ?? own.data?.rating ?? 0;
  const comment = draft?.comment ?? own.data?.comment ?? '';
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (stars < 1) {
      setError(t('storePage.chooseStars'));
      return;
    }
    try {
      await rateStore({ storeId, rating: stars, comment: comment.trim() || null }).unwrap();
      setDraft(null);
      setError(null);
      notify.success({ title: t('storePage.saved') });
    } catch (failure) {
      setError(errorMessage(failure, t('storePage.saveFailed')));
    }
  };

  return (
    <Card size="small" title={own.data ? t('storePage.yourRating') : t('storePage.rateTitle')}>
      <Flex vertical gap={8}>
        <Rate
          value={stars}
          onChange={(value) => setDraft({ stars: value, comment })}
          aria-label={t('storePage.stars')}
          disabled={isLoading}
        />
        <Input.TextArea
          aria-label={t('storePage.comment')}
          placeholder={t('storePage.commentPlaceholder')}
          value={comment}
          maxLength={COMMENT_MAX}
          onChange={(event) => setDraft({ stars, comment: event.target.value })}
          disabled={isLoading}
          rows={3}
        />
        {error && <Alert type="error" showIcon title={error} />}
        <div>
          <Button type="primary" onClick={save} loading={isLoading}>
            {own.data ? t('storePage.update') : t('storePage.submit')}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}

function StoreDetails({ page }: { page: StorePageData }) {
  const { t, i18n } = useStorefrontT();
  const location = useLocation();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const { store, ratings, categories } = page;
  const language = i18n.resolvedLanguage ?? 'nl';
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880, margin: '0 auto', width: '100%' }}>
      <PageHead title={store.name} description={t('storePage.description', { store: store.name })} canonicalPath={`/store/${store.slug}`} />
      <Flex gap={16} align="center" wrap>
        <StoreLogo logo={store.logo} logoCopy={store.logoCopy} height={64} maxWidth={192} />
        <div>
          <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
            {store.name}
          </Typography.Title>
          <a href={store.url} target="_blank" rel="noopener noreferrer nofollow">
            {t('storePage.visit')}
          </a>
        </div>
      </Flex>
      <p data-testid="store-rating" style={{ margin: 0 }}>
        {store.rating.average === null
          ? t('storePage.noRatings')
          : t('storePage.rating', { average: oneDecimal(store.rating.average, language), count: store.rating.count })}
      </p>
      {categories.length > 0 && (
        <section aria-label={t('storePage.categories')}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t('storePage.categories')}
          </Typography.Title>
          <Flex wrap gap={8}>
            {categories.map((category) => (
              <Link key={category.id} to={categoryPath(category)}>
                <Tag>{t('storePage.category', { name: category.name, count: category.products })}</Tag>
              </Link>
            ))}
          </Flex>
        </section>
      )}
      {signedIn ? (
        <RatingForm storeId={store.id} />
      ) : (
        <Link to={loginPathFor(location)}>{t('storePage.signInToRate')}</Link>
      )}
      <section aria-label={t('storePage.ratings')}>
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('storePage.ratings')}
        </Typography.Title>
        {ratings.length === 0 ? (
          <Empty description={t('storePage.noRatings')} />
        ) : (
          <ol className="kl-store-ratings">
            {ratings.map((rating) => (
              <li key={rating.id}>
                <Flex vertical gap={4}>
                  <span>
                    <Rate disabled value={rating.rating} style={{ fontSize: 14 }} aria-label={t('storePage.starsOf', { count: rating.rating })} />{' '}
                    <Typography.Text type="secondary">{formatDate(rating.updatedAt)}</Typography.Text>
                  </span>
                  {rating.comment && <Typography.Text>{rating.comment}</Typography.Text>}
                </Flex>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Flex>
  );
}

export default function StorePage() {
  const { t } = useStorefrontT();
  const { slug = '' } = useParams();
  const page = useStorePageQuery(slug);
  if (page.isLoading) return <Spin />;
  if (page.isError || !page.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('storePage.fetchFailed', { statusText: statusTextOf(page.error) })}
        description={errorMessage(page.error, '')}
      />
    );
  }
  return <StoreDetails page={page.data} />;
}
