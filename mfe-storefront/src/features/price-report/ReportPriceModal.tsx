/**
 * The wrong-price report form: what is wrong (price differs, not in stock, wrong
 * product, other) and an optional note. Anyone may send it; the API limits how many one visitor
 * sends. Reports reach the store admin's queue (/admin/price-reports).
 */
import { Alert, Flex, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import {
  errorStatus,
  formatMoney,
  PRICE_REPORT_NOTE_MAX,
  PRICE_REPORT_REASONS,
  type Price,
  type PriceReportReason,
} from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { Typography } from '../../lib/typography';
import { useNotify } from '../notifications/notifications';
import { useReportPriceMutation } from './api';

interface Values {
  reason?: PriceReportReason;
  note?: string;
}

export default function ReportPriceModal({
  price,
  productName,
  open,
  onClose,
}: {
  price: Price;
  productName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useStorefrontT();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [reportPrice, { isLoading }] = useReportPriceMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const send = async ({ reason, note }: Values) => {
    if (!reason) return;
    try {
      await reportPrice({ priceId: price.id, reason, ...(note?.trim() ? { note: note.trim() } : {}) }).unwrap();
      notify.success({ title: t('priceReport.thanks'), description: t('priceReport.thanksDetail') });
      close();
    } catch (error) {
      const status = errorStatus(error);
      setFailure(
        status === 429 ? t('priceReport.tooMany') : status === 404 ? t('priceReport.gone') : t('priceReport.failed'),
      );
    }
  };

  return (
    <Modal
      open={open}
      title={t('priceReport.title')}
      okText={t('priceReport.submit')}
      cancelText={t('priceReport.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('priceReport.offer', { product: productName, store: price.store.name, total: formatMoney(price.total) })}
        </Typography.Text>
        <Form form={form} layout="vertical" onFinish={send} requiredMark={false}>
          <Form.Item
            name="reason"
            label={t('priceReport.reason')}
            rules={[{ required: true, message: t('priceReport.reasonRequired') }]}
          >
            <Radio.Group>
              <Flex vertical gap={4}>
                {PRICE_REPORT_REASONS.map((reason) => (
                  <Radio key={reason} value={reason}>
                    {t(`priceReport.reasons.${reason}`)}
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="note" label={t('priceReport.note')}>
            <Input.TextArea rows={3} maxLength={PRICE_REPORT_NOTE_MAX} showCount placeholder={t('priceReport.notePlaceholder')} />
          </Form.Item>
        </Form>
        {failure && <Alert type="error" showIcon title={failure} />}
      </Flex>
    </Modal>
  );
}
