/** Sort field and order (docs/product.md §2 "Filter panel and sort"). */
import { useStorefrontT } from '../../i18n';
import { Select } from '../../lib/form-controls';
import { Space } from '../../lib/space';

const SEARCH_SORT_KEYS = ['relevance', 'createdAt', 'name', 'lowestPrice.total', 'percentageChange', 'views'];
const CATEGORY_SORT_KEYS = ['manual', 'createdAt', 'name', 'lowestPrice.total', 'percentageChange', 'views'];

export function SortControls({
  sortBy,
  sortOrder,
  context,
  onChange,
}: {
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  context: 'search' | 'category';
  onChange(patch: { sortBy?: string; sortOrder?: 'asc' | 'desc' }): void;
}) {
  const { t } = useStorefrontT();
  const keys = context === 'search' ? SEARCH_SORT_KEYS : CATEGORY_SORT_KEYS;
  const options = keys.map((key) => ({ value: key, label: t(`sort.${key.replace('.', '_')}`) }));
  if (sortBy && !keys.includes(sortBy)) options.push({ value: sortBy, label: t('sort.other') });
  return (
    <Space wrap>
      <Select
        aria-label={t('sort.sortBy')}
        style={{ minWidth: 180 }}
        value={sortBy ?? ''}
        options={options}
        onChange={(value) => onChange({ sortBy: value })}
      />
      <Select
        aria-label={t('sort.sortOrder')}
        style={{ minWidth: 140 }}
        value={sortOrder ?? ''}
        options={[
          { value: 'asc', label: t('sort.asc') },
          { value: 'desc', label: t('sort.desc') },
        ]}
        onChange={(value) => onChange({ sortOrder: value as 'asc' | 'desc' })}
      />
    </Space>
  );
}
