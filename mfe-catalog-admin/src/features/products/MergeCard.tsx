/**
 * Merge and split (beyond the specification, docs/product.md "Catalog admin API"): search another product and merge it into
 * this one after a confirmation; possible duplicates (same EAN in another form, or same brand with
 * a similar name) offer the same; each recorded merge can be split to restore the removed product.
 */
import { useNamespaceT } from '@koopjesland/shared';
import { useAdminDates, useAdminMutation, useAdminUrls, useConfirm } from '@koopjesland/shared/admin';
import { Button, Card, Flex, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { PlainList } from '../common/PlainList';
import {
  useDuplicatesQuery,
  useMergeProductMutation,
  useProductMergesQuery,
  useProductsQuery,
  useSplitMergeMutation,
} from './products-api';

const SEARCH_DEBOUNCE_MS = 300;

interface MergeOption {
  value: number;
  label: string;
  name: string;
}

export function MergeCard({ product }: { product: Product }) {
  const dates = useAdminDates();
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const run = useAdminMutation();
  const confirm = useConfirm();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The chosen product is kept whole: the search text clears when a choice is made, and with it the
  // search results the choice came from.
  const [source, setSource] = useState<MergeOption | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const candidates = useProductsQuery(
    { page: 1, limit: 10, sortBy: 'name', sortOrder: 'asc', search, filters: {} },
    { skip: search.length === 0 },
  );
  const duplicates = useDuplicatesQuery(product.id);
  const merges = useProductMergesQuery(product.id);
  const [merge, merging] = useMergeProductMutation();
  const [split] = useSplitMergeMutation();

  const mergeIn = async (source: { id: number; name: string }) => {
    const confirmed = await confirm({
      title: t('merge.confirmTitle'),
      content: { text: t('merge.confirm', { source: source.name, kept: product.name }) },
      danger: true,
      okText: t('merge.merge'),
    });
    if (!confirmed) return;
    const merged = await run(merge({ id: product.id, sourceProductId: source.id }), {
      success: t('merge.merged', { source: source.name, kept: product.name }),
      failure: t('merge.failed'),
    });
    if (!merged) return;
    setSource(null);
    setTyped('');
  };

  const splitOff = async (mergeId: number, name: string) => {
    if (!(await confirm({ content: { text: t('merge.confirmSplit', { name }) }, okText: t('merge.split') }))) return;
    await run(split({ mergeId, productId: product.id }), { success: t('merge.splitDone', { name }), failure: t('merge.splitFailed') });
  };

  const found: MergeOption[] = (candidates.data?.products ?? [])
    .filter((candidate) => candidate.id !== product.id)
    .map((candidate) => ({
      value: candidate.id,
      label: `#${candidate.id} ${candidate.name}${candidate.brand ? ` (${candidate.brand})` : ''}`,
      name: candidate.name,
    }));
  const options = source && !found.some((option) => option.value === source.value) ? [source, ...found] : found;

  return (
    <Card title={t('merge.title')}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('merge.explain')}</Typography.Text>
        <Flex gap={8} wrap>
          <Select<number>
            aria-label={t('merge.search')}
            placeholder={t('merge.search')}
            style={{ minWidth: 360 }}
            showSearch={{ filterOption: false, onSearch: setTyped }}
            value={source?.value}
            onChange={(id) => setSource(options.find((option) => option.value === id) ?? null)}
            loading={candidates.isFetching}
            options={options}
            notFoundContent={search ? t('merge.noResults') : null}
          />
          <Button
            type="primary"
            danger
            disabled={!source}
            loading={merging.isLoading}
            onClick={() => source && void mergeIn({ id: source.value, name: source.name })}
          >
            {t('merge.merge')}
          </Button>
        </Flex>
        <div>
          <Typography.Title level={5}>{t('merge.duplicates')}</Typography.Title>
          <PlainList
            loading={duplicates.isLoading}
            items={duplicates.data ?? []}
            keyOf={(candidate) => candidate.id}
            empty={t('merge.noDuplicates')}
            render={(candidate) => (
              <>
                <Flex gap={8} wrap align="center">
                  <Link to={urls.products.detail(candidate.id)}>{candidate.name}</Link>
                  {candidate.brand ? <Typography.Text type="secondary">{candidate.brand}</Typography.Text> : null}
                  <Tag>
                    {candidate.reason === 'ean'
                      ? t('merge.reasonEan')
                      : t('merge.reasonName', { similarity: Math.round(candidate.similarity * 100) })}
                  </Tag>
                  <Typography.Text type="secondary">
                    {t('merge.offers', { count: candidate.offerCount })}
                  </Typography.Text>
                </Flex>
                <Button size="small" danger onClick={() => void mergeIn(candidate)}>
                  {t('merge.mergeIn')}
                </Button>
              </>
            )}
          />
        </div>
        {merges.data && merges.data.length > 0 ? (
          <div>
            <Typography.Title level={5}>{t('merge.history')}</Typography.Title>
            <PlainList
              items={merges.data}
              keyOf={(record) => record.id}
              empty={null}
              render={(record) => (
                <>
                  <span>
                    {t('merge.record', {
                      name: record.removedName,
                      id: record.removedProductId,
                      date: dates.dateTime(record.mergedAt),
                    })}
                  </span>
                  {record.splitAt ? (
                    <Tag>{t('merge.splitAt', { date: dates.dateTime(record.splitAt) })}</Tag>
                  ) : (
                    <Button size="small" onClick={() => void splitOff(record.id, record.removedName)}>
                      {t('merge.split')}
                    </Button>
                  )}
                </>
              )}
            />
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}
