/**
 * The offer fields an admin sets by hand: amount and shipping in euros (held as cents), the
 * store's product URL, delivery time and an optional end date ("valid to").
 */
import { EuroInput, isHttpUrl } from '@koopjesland/shared/admin';
import { Form, Input, Space } from 'antd';
import { useNamespaceT } from '@koopjesland/shared';
import { NAMESPACE } from '../../i18n';
import type { PriceChanges } from './prices-api';

export interface PriceFormValues {
  amount: number | null;
  shipping: number | null;
  url: string;
  deliveryTime?: string;
  /** yyyy-mm-dd, empty for no expiry. */
  validToDate?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as the local date a date input shows. */
export function dateInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The offer is valid through the whole chosen day. */
export function endOfDayIso(date: string | undefined): string | null {
  return date ? new Date(`${date}T23:59:59`).toISOString() : null;
}

export function toPriceChanges(values: PriceFormValues): PriceChanges {
  return {
    amount: values.amount ?? 0,
    shipping: values.shipping ?? 0,
    url: values.url.trim(),
    deliveryTime: values.deliveryTime?.trim() || null,
    validTo: endOfDayIso(values.validToDate),
  };
}

export function PriceFields() {
  const { t } = useNamespaceT(NAMESPACE);
  return (
    <>
      <Space wrap align="start">
        <Form.Item name="amount" label={t('prices.fields.amount')} rules={[{ required: true, message: t('prices.validation.amountRequired') }]}>
          <EuroInput style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="shipping" label={t('prices.fields.shipping')}>
          <EuroInput style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Form.Item
        name="url"
        label={t('prices.fields.url')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!value?.trim()) throw new Error(t('stores.validation.urlRequired'));
              if (!isHttpUrl(value.trim())) throw new Error(t('stores.validation.urlInvalid'));
            },
          },
        ]}
        required
      >
        <Input placeholder="https://" />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="deliveryTime" label={t('prices.fields.deliveryTime')}>
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="validToDate" label={t('prices.fields.validTo')} extra={t('prices.help.validTo')}>
          <Input type="date" style={{ width: 180 }} />
        </Form.Item>
      </Space>
    </>
  );
}
