/**
 * Filters and sort live in the address (docs/product.md §2): page, brand, store, category, minPrice,
 * maxPrice (cents), search, spec (specification filters, in the shared encoding), sortBy, sortOrder.
 * Any filter or sort change resets page to 1.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams, type NavigateOptions } from 'react-router-dom';
import { formatSpecFilters, parseSpecFilters, SPEC_FILTER_PARAM } from '@koopjesland/shared';

export interface FilterValues {
  search?: string;
  brand?: string;
  store?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  /** Specification filters as `formatSpecFilters` writes them (one selection, one value). */
  spec?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

export const FILTER_KEYS = ['search', 'brand', 'store', 'category', 'minPrice', 'maxPrice', 'spec'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

function positiveInt(value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : undefined;
}

export function readPage(params: URLSearchParams): number {
  const page = positiveInt(params.get('page'));
  return page && page > 0 ? page : 1;
}

/** The address's specification filters in their one written form; an address that cannot be read filters nothing. */
function readSpec(value: string | null): string | undefined {
  const parsed = parseSpecFilters(value);
  return parsed.ok ? formatSpecFilters(parsed.filters) || undefined : undefined;
}

/** `params` with the specification filters set to `spec` (none: removed); answers `params`. */
export function setSpecParam(params: URLSearchParams, spec: string | undefined): URLSearchParams {
  if (spec) params.set(SPEC_FILTER_PARAM, spec);
  else params.delete(SPEC_FILTER_PARAM);
  return params;
}

/** Reads the filter values; `searchParam` names the address key holding the search text. */
export function readFilters(params: URLSearchParams, searchParam = 'search'): FilterValues {
  const order = params.get('sortOrder');
  return {
    search: params.get(searchParam) || undefined,
    brand: params.get('brand') || undefined,
    store: params.get('store') || undefined,
    category: params.get('category') || undefined,
    minPrice: positiveInt(params.get('minPrice')),
    maxPrice: positiveInt(params.get('maxPrice')),
    spec: readSpec(params.get(SPEC_FILTER_PARAM)),
    sortBy: params.get('sortBy') || undefined,
    sortOrder: order === 'asc' || order === 'desc' ? order : undefined,
  };
}

/** A change of the address's parameters, made from the latest ones. */
export type ParamsChange = (current: URLSearchParams) => URLSearchParams;

export function useFilterParams({ searchParam = 'search', keepOnClear = [] as string[] } = {}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const filters = useMemo(() => readFilters(params, searchParam), [params, searchParam]);
  const page = readPage(params);

  // React Router hands a functional update the parameters of the render that made its setter. A
  // handler from an older render (a part of a server-rendered page that hydrates after the page
  // wrote its default sort) or a second change in the same event would then start from an older
  // address and drop what came since. Every change starts from the latest address asked for.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const setParams = useCallback(
    (change: ParamsChange, options?: NavigateOptions) => {
      // The visitor may have left already (a search sent while the page hydrated) while this page
      // shows until the next one's code is in: writing its address now would take them back.
      if (window.location.pathname !== pathname) return;
      const next = change(new URLSearchParams(latest.current));
      latest.current = next;
      void navigate(`?${next}`, options);
    },
    [navigate, pathname],
  );

  /** Applies a change of filters or sort; page goes back to 1. */
  const update = useCallback(
    (patch: Partial<FilterValues>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          const name = key === 'search' ? searchParam : key;
          if (value === undefined || value === null || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        next.set('page', '1');
        return next;
      });
    },
    [setParams, searchParam],
  );

  /** Clear all: only page=1 is left (plus the keys a screen must keep, e.g. the search query). */
  const clearAll = useCallback(() => {
    setParams((current) => {
      const next = new URLSearchParams();
      for (const key of keepOnClear) {
        const value = current.get(key);
        if (value) next.set(key, value);
      }
      next.set('page', '1');
      return next;
    });
    // keepOnClear is a literal per screen
  }, [setParams]);

  const setPage = useCallback(
    (nextPage: number) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(nextPage));
        return next;
      });
    },
    [setParams],
  );

  return { params, setParams, filters, page, update, clearAll, setPage };
}
