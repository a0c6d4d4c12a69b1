import type { FormInstance } from 'antd';

const targets = new WeakMap<object, { setFieldValue(name: string, value: unknown): void }>();

/**
 * A typed antd form as the kit's slug helper sees it (it sets the slug by name). One object per
 * form, so the helper's callback stays stable across renders.
 */
export function slugTarget<Values extends { slug: string }>(form: FormInstance<Values>) {
  let target = targets.get(form);
  if (!target) {
    target = { setFieldValue: (name, value) => (form as FormInstance).setFieldValue(name, value) };
    targets.set(form, target);
  }
  return target;
}
