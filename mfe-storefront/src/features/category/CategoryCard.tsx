/** A category tile (homepage and subcategory grids); admins get settings and a hidden-from-menu icon. */
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { useCanEditCatalog } from '../../lib/admin-access';
import { categoryPath } from '../../lib/paths';
import { Typography } from '../../lib/typography';
import { Card } from '../../lib/card';
import { lazyWithAntd } from '../../lib/lazy-with-antd';
import { shownImage } from '../../lib/shown-image';

// An admin's controls load with the first card that shows them: visitors never need their code.
const CategoryCardAdmin = lazyWithAntd(() => import('./CategoryCardAdmin'));

/** `eagerImage`: the tile is in the first screen (its image loads at once, early). */
export function CategoryCard({
  category,
  square = false,
  eagerImage = false,
}: {
  category: Category;
  square?: boolean;
  eagerImage?: boolean;
}) {
  const { t } = useStorefrontT();
  const canEditCatalog = useCanEditCatalog();
  const representative = category.settings?.representativeProduct;
  // Our copy only (features/image-copies), never the address itself: the placeholder until it is made.
  const image = representative?.image
    ? shownImage(representative.image, representative.imageCopy)
    : category.image
      ? shownImage(category.image, category.imageCopy)
      : null;
  const width = square ? 240 : 320;
  const name = category.settings?.alternativeName || category.name;
  return (
    <Card
      size="small"
      data-testid="category-card"
      cover={
        <Link to={categoryPath(category)} aria-hidden tabIndex={-1}>
          {image ? (
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes={image.srcSet ? `${width}px` : undefined}
              alt={name}
              width={width}
              height={240}
              loading={eagerImage ? 'eager' : 'lazy'}
              fetchPriority={eagerImage ? 'high' : undefined}
              style={{ width: '100%', aspectRatio: square ? '1 / 1' : '4 / 3', objectFit: 'contain', background: '#fff' }}
            />
          ) : (
            <div style={{ aspectRatio: square ? '1 / 1' : '4 / 3', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
              {t('product.noImage')}
            </div>
          )}
        </Link>
      }
    >
      <Typography.Text strong>
        <Link to={categoryPath(category)}>{name}</Link>
      </Typography.Text>
      {canEditCatalog && (
        <Suspense fallback={null}>
          <CategoryCardAdmin category={category} />
        </Suspense>
      )}
    </Card>
  );
}

/** The first row's images load at once (they are in the first screen); the rest when scrolled near. */
export function CategoryGrid({ categories, columns, square }: { categories: Category[]; columns: number; square?: boolean }) {
  return (
    <ul
      className="kl-grid"
      style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 16, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {categories.map((category, index) => (
        <li key={category.id}>
          <CategoryCard category={category} square={square} eagerImage={index < columns} />
        </li>
      ))}
    </ul>
  );
}
