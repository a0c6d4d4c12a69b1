/**
 * The visitor pages the front-end benchmarks measure on a running server (`npm start` with the
 * demo data): `/`, the most viewed product's category, that product, and a search for its brand,
 * as a visitor would find them.
 */
export interface VisitorPage {
  name: 'home' | 'category' | 'product' | 'search';
  path: string;
}

export async function visitorPagesToMeasure(baseUrl: string): Promise<VisitorPage[]> {
  const popular = (await (await fetch(`${baseUrl}/api/products?limit=1&sortBy=views&sortOrder=desc`)).json()) as {
    products: { id: number; slug: string; brand: string | null; categories: { slug: string }[] }[];
  };
  const product = popular.products[0]!;
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: `/${product.categories[0]!.slug}` },
    { name: 'product', path: `/product/${product.slug}/${product.id}` },
    { name: 'search', path: `/search?q=${encodeURIComponent(product.brand ?? 'tv')}` },
  ];
}
