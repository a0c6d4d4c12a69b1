/** A category chooser over the whole tree (Overig included: it is where unmapped aliases live). */
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import type { Category } from '@koopjesland/shared';
import { useCategoryTreeQuery } from '../categories/categories-api';

interface Option {
  value: number;
  title: string;
  children: Option[];
}

const toOptions = (categories: Category[]): Option[] =>
  [...categories]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((category) => ({
      value: category.id,
      title: category.name,
      children: toOptions(category.childCategories ?? []),
    }));

export function CategoryPicker({
  value,
  onChange,
  placeholder,
  ariaLabel,
  excluded = [],
}: {
  value?: number | null;
  onChange(categoryId: number | null): void;
  placeholder?: string;
  ariaLabel?: string;
  excluded?: number[];
}) {
  const tree = useCategoryTreeQuery();
  const options = useMemo(() => {
    const drop = (list: Option[]): Option[] =>
      list.filter((o) => !excluded.includes(o.value)).map((o) => ({ ...o, children: drop(o.children) }));
    return drop(toOptions(tree.data ?? []));
  }, [tree.data, excluded]);
  return (
    <TreeSelect<number>
      aria-label={ariaLabel}
      style={{ minWidth: 240, width: '100%' }}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      treeData={options}
      loading={tree.isLoading}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={placeholder}
      popupMatchSelectWidth={false}
    />
  );
}

/** Several categories from the same tree (bulk assignment). */
export function CategoriesPicker({ value, onChange, ariaLabel }: { value: number[]; onChange(categoryIds: number[]): void; ariaLabel?: string }) {
  const tree = useCategoryTreeQuery();
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number[]>
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      multiple
      value={value}
      onChange={(next) => onChange(next ?? [])}
      treeData={options}
      loading={tree.isLoading}
      showSearch={{ treeNodeFilterProp: 'title' }}
    />
  );
}
