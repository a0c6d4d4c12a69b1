// The storefront's paths live in lib/paths.ts (below every feature); the server-rendering entry
// (ssr.ts) still imports them from here.
export { categoryPath, productPath } from '../../lib/paths';
