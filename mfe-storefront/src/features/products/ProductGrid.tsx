/** Products as a card grid with a fixed column count, or as a row list. */
import type { Product } from '@koopjesland/shared';
import { ProductCard, type DisplayType } from './ProductCard';

export function ProductGrid({
  products,
  columns,
  displayType = 'grid',
  label,
  eagerImages = 0,
  headingLevel = 3,
}: {
  products: Product[];
  columns: number;
  displayType?: DisplayType;
  label?: string;
  /** How many of the first products' images are in the first screen (loaded at once). */
  eagerImages?: number;
  /** The cards' title level: 2 when the grid sits right under the page's h1, else 3 (under a section's h2). */
  headingLevel?: 2 | 3;
}) {
  return (
    <ul
      aria-label={label}
      className={displayType === 'grid' ? 'kl-grid' : 'kl-rows'}
      style={{
        listStyle: 'none',
        padding: 0,
        margin: 0,
        display: 'grid',
        gap: 16,
        gridTemplateColumns: displayType === 'grid' ? `repeat(${columns}, minmax(0, 1fr))` : '1fr',
      }}
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} displayType={displayType} eagerImage={index < eagerImages} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
