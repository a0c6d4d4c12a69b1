/** Import of a category export file (POST /categories/import); a file that is not JSON is refused. */
import { useNamespaceT, errorMessage } from '@koopjesland/shared';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { NAMESPACE } from '../../i18n';
import { type ImportResult, useImportCategoriesMutation } from './categories-api';

/** The file's data, or null when it is not a JSON file (docs/product.md §5: import needs a JSON file). */
export async function readJsonFile(file: File): Promise<unknown> {
  if (!/\.json$/i.test(file.name) && file.type !== 'application/json') return null;
  try {
    return JSON.parse(await file.text()) as unknown;
  } catch {
    return null;
  }
}

export function ImportCategories() {
  const { t } = useNamespaceT(NAMESPACE);
  const [clearExisting, setClearExisting] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [importCategories, { isLoading }] = useImportCategoriesMutation();

  const upload = async (file: File) => {
    setFailed(null);
    setResult(null);
    const exportData = await readJsonFile(file);
    if (exportData === null || typeof exportData !== 'object') {
      setFailed(t('categories.import.notJson'));
      return;
    }
    try {
      setResult(await importCategories({ exportData, clearExisting }).unwrap());
    } catch (error) {
      setFailed(errorMessage(error, ''));
    }
  };

  return (
    <Card title={t('categories.import.title')} style={{ flex: 1, minWidth: 280 }}>
      <Flex vertical gap={12} align="start">
        <Checkbox checked={clearExisting} onChange={(event) => setClearExisting(event.target.checked)}>
          {t('categories.import.clearExisting')}
        </Checkbox>
        <Upload
          accept=".json,application/json"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={isLoading}>
            {t('categories.import.button')}
          </Button>
        </Upload>
        {failed !== null ? (
          <Alert type="error" showIcon title={t('categories.import.failed')} description={failed || undefined} />
        ) : null}
        {result ? (
          <Alert
            type={result.results.errors.length > 0 ? 'warning' : 'success'}
            showIcon
            title={t('categories.import.done', {
              created: result.results.created,
              updated: result.results.updated,
              errors: result.results.errors.length,
              aliases: result.summary.totalAliases,
            })}
            description={
              result.results.errors.length > 0 ? (
                <ul>
                  {result.results.errors.map((error) => (
                    <li key={error.slug}>
                      <Typography.Text code>{error.slug}</Typography.Text> {error.error}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        ) : null}
      </Flex>
    </Card>
  );
}
