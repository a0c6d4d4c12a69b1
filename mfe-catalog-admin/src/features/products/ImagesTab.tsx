/**
 * A product's images: Set Main (disabled on the main image), Disable/Enable (the main image cannot
 * be disabled, docs/product.md §4), edit alt text and filename, Delete with a confirmation, and
 * Upload Image (a JPEG, PNG, WebP or GIF file; the API checks type and size and says why it refuses).
 */
import { AdminEmpty, AdminPageLoading, useAdminMutation, useConfirm } from '@koopjesland/shared/admin';
import { Alert, Button, Card, Col, Flex, Form, Input, Modal, Row, Tag, Upload } from 'antd';
import { useNamespaceT, TAG_COLORS } from '@koopjesland/shared';
import { useState } from 'react';
import { NAMESPACE } from '../../i18n';
import { CopiedImage } from './CopiedImage';
import {
  type AdminProductImage,
  useImageActionMutation,
  useProductImagesQuery,
  useUploadImageMutation,
} from './products-api';

export function ImagesTab({ productId }: { productId: number }) {
  const { t } = useNamespaceT(NAMESPACE);
  const mutate = useAdminMutation();
  const confirm = useConfirm();
  const images = useProductImagesQuery(productId);
  const [act] = useImageActionMutation();
  const [upload, uploading] = useUploadImageMutation();
  const [editing, setEditing] = useState<AdminProductImage | null>(null);

  const run = async (image: AdminProductImage, action: 'set-main' | 'toggle-disabled' | 'delete', failure: string) => {
    if (action === 'delete' && !(await confirm({ content: { text: t('images.confirmDelete') }, danger: true }))) return;
    await mutate(act({ productId, imageId: image.id, action }), { failure });
  };

  const uploadFile = async (file: File) => {
    await mutate(upload({ productId, file }), { success: t('images.uploaded'), failure: t('images.uploadFailed') });
  };

  if (images.isLoading) return <AdminPageLoading />;
  if (images.isError) return <Alert type="error" showIcon title={t('images.loadFailed')} />;
  const uploadButton = (
    <Upload
      accept="image/jpeg,image/png,image/webp,image/gif"
      showUploadList={false}
      beforeUpload={(file) => {
        void uploadFile(file);
        return false;
      }}
    >
      <Button loading={uploading.isLoading}>{t('images.upload')}</Button>
    </Upload>
  );
  if (!images.data?.length) {
    return (
      <Flex vertical align="center" gap={12}>
        <AdminEmpty description={t('images.empty')} />
        {uploadButton}
      </Flex>
    );
  }
  return (
    <>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        {uploadButton}
      </Flex>
      <Row gutter={[12, 12]}>
        {images.data.map((image) => (
          <Col key={image.id} xs={24} sm={12} md={8} lg={6}>
            <Card
              size="small"
              cover={
                <CopiedImage
                  url={image.url}
                  copy={image.copy}
                  alt={image.alt ?? image.filename ?? ''}
                  style={{ opacity: image.isDisabled ? 0.4 : 1, objectFit: 'contain', height: 160 }}
                />
              }
            >
              <Flex vertical gap={8}>
                <Flex gap={4} wrap>
                  {image.main ? <Tag color={TAG_COLORS.orange}>{t('images.main')}</Tag> : null}
                  {image.isDisabled ? <Tag>{t('images.disabled')}</Tag> : null}
                  {image.store ? <Tag>{image.store.name}</Tag> : null}
                </Flex>
                <span>{image.filename ?? ''}</span>
                <Flex gap={4} wrap>
                  <Button
                    size="small"
                    disabled={image.main}
                    onClick={() => void run(image, 'set-main', t('images.setMainFailed'))}
                  >
                    {t('images.setMain')}
                  </Button>
                  <Button
                    size="small"
                    disabled={image.main}
                    onClick={() => void run(image, 'toggle-disabled', t('images.toggleFailed'))}
                  >
                    {image.isDisabled ? t('images.enable') : t('images.disable')}
                  </Button>
                  <Button size="small" onClick={() => setEditing(image)}>
                    {t('images.edit')}
                  </Button>
                  <Button size="small" danger onClick={() => void run(image, 'delete', t('images.deleteFailed'))}>
                    {t('images.delete')}
                  </Button>
                </Flex>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
      {editing ? <EditImageModal productId={productId} image={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function EditImageModal({
  productId,
  image,
  onClose,
}: {
  productId: number;
  image: AdminProductImage;
  onClose(): void;
}) {
  const { t } = useNamespaceT(NAMESPACE);
  const mutate = useAdminMutation();
  const [form] = Form.useForm<{ alt: string; filename: string }>();
  const [act, { isLoading }] = useImageActionMutation();
  const save = async ({ alt, filename }: { alt: string; filename: string }) => {
    const saved = await mutate(
      act({ productId, imageId: image.id, action: 'update', body: { alt: alt.trim() || null, filename: filename.trim() || null } }),
      { failure: t('images.updateFailed') },
    );
    if (saved) onClose();
  };
  return (
    <Modal
      open
      title={t('images.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ alt: image.alt ?? '', filename: image.filename ?? '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="alt" label={t('images.alt')}>
          <Input />
        </Form.Item>
        <Form.Item name="filename" label={t('images.filename')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
