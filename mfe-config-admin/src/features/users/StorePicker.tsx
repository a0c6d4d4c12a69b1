/** The stores a store manager manages (a form control); none chosen = every store. */
import { Select } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import { useStoreChoicesQuery } from './users-api';

export function StorePicker({ value, onChange, id }: { value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const { t } = useNamespaceT(NAMESPACE);
  const { data = [], isLoading } = useStoreChoicesQuery();
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      loading={isLoading}
      placeholder={t('users.allStores')}
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={onChange}
      options={data.map((store) => ({ value: store.id, label: store.name }))}
    />
  );
}
