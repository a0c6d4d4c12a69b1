/** A product chosen by typing part of its name (the server searches; 300 ms after the last key). */
import { ADMIN_SEARCH_DEBOUNCE_MS } from '@koopjesland/shared/admin';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useProductOptionsQuery } from './prices-api';

type Props = Omit<SelectProps<number>, 'options' | 'showSearch' | 'onSearch' | 'filterOption'> & {
  /** The name of the chosen product when it is not among the found ones (e.g. from the address). */
  selectedLabel?: string;
};

export function ProductSelect({ selectedLabel, value, ...rest }: Props) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), ADMIN_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isFetching } = useProductOptionsQuery(search);
  const options = (data ?? []).map((product) => ({ value: product.id, label: product.name }));
  if (value !== undefined && value !== null && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: selectedLabel ?? `#${value}` });
  }
  return (
    <Select<number>
      {...rest}
      value={value}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={isFetching}
      options={options}
    />
  );
}
