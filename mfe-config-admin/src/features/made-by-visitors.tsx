/**
 * Records that visitors make (wishlist items, store ratings): the admin never creates them, only
 * corrects or removes them. `{section}/new` says plainly where such records come from, with the
 * way back to the list (the route table gives every admin section a `/new` address, docs/product.md
 * §2 "Route table"); `{section}/{id}` shows one record with its facts, a form to correct it and
 * Delete, the two sections' texts under the same keys.
 */
import { useNamespaceT } from '@koopjesland/shared';
import { AdminDetailPage, AdminPlaceholder, useAdminMutation, useAdminUrls } from '@koopjesland/shared/admin';
import type { MutationResult, RecordQuery } from '@koopjesland/shared/admin';
import { Button, Card, Descriptions, Form } from 'antd';
import type { FormProps } from 'antd';
import type { ReactNode } from 'react';
import { NAMESPACE } from '../i18n';

type Section = 'wishlists' | 'storeRatings';

export function MadeByVisitorsPage({ section }: { section: Section }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  return (
    <AdminPlaceholder
      title={t(`${section}.titles.new`)}
      description={t(`${section}.madeByVisitors`)}
      back={{ to: urls[section].list(), label: t(`${section}.buttons.back`) }}
    />
  );
}

interface VisitorRecord {
  id: number;
  updatedAt: string;
}

export interface VisitorRecordPageProps<Record extends VisitorRecord, Values> {
  section: Section;
  /** The audit trail's name for the record. */
  entity: string;
  query: RecordQuery<Record>;
  title: (record: Record) => ReactNode;
  /** The record's facts, as label and value. */
  facts: (record: Record) => { label: string; value: ReactNode }[];
  /** The correcting form: its values from the record, its fields, and the write it makes. */
  form: {
    layout: FormProps['layout'];
    initialValues: (record: Record) => Values;
    fields: ReactNode;
    save: (record: Record, values: Values) => PromiseLike<MutationResult<unknown>>;
    saving: boolean;
  };
  remove: (record: Record) => PromiseLike<MutationResult<unknown>>;
}

export function VisitorRecordPage<Record extends VisitorRecord, Values extends object>({
  section,
  entity,
  query,
  title,
  facts,
  form,
  remove,
}: VisitorRecordPageProps<Record, Values>) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  const run = useAdminMutation();
  return (
    <AdminDetailPage
      query={query}
      notFound={t(`${section}.notFound`)}
      back={{ to: urls[section].list(), label: t(`${section}.buttons.back`) }}
      title={title}
      history={(record) => ({ entity, entityId: record.id })}
      remove={{
        label: t(`${section}.buttons.delete`),
        confirm: t(`${section}.confirmDelete`),
        run: (record) => run(remove(record), { success: t(`${section}.deleted`), failure: t(`${section}.deleteFailed`) }),
      }}
    >
      {(record) => (
        <>
          <Card>
            <Descriptions column={1} items={facts(record).map(({ label, value }) => ({ key: label, label, children: value }))} />
          </Card>
          <Card title={t(`${section}.titles.edit`)}>
            <Form<Values>
              key={record.updatedAt}
              layout={form.layout}
              initialValues={form.initialValues(record)}
              onFinish={(values) =>
                void run(form.save(record, values), { success: t(`${section}.saved`), failure: t(`${section}.saveFailed`) })
              }
              disabled={form.saving}
            >
              {form.fields}
              <Button type="primary" htmlType="submit" loading={form.saving}>
                {t(`${section}.buttons.save`)}
              </Button>
            </Form>
          </Card>
        </>
      )}
    </AdminDetailPage>
  );
}
