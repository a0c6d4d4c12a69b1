/**
 * `React.lazy` for a part that uses antd: its code and antd's theme scope (lib/antd-scope.tsx) load
 * together, when the part is first rendered, so antd stays out of a visitor page's first load.
 */
import { lazy, type ComponentProps, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept below
export function lazyWithAntd<Part extends ComponentType<any>>(load: () => Promise<{ default: Part }>) {
  return lazy(async () => {
    const [{ default: Part }, { AntdScope }] = await Promise.all([load(), import('./antd-scope')]);
    function WithAntd(props: ComponentProps<Part>) {
      return (
        <AntdScope>
          <Part {...props} />
        </AntdScope>
      );
    }
    return { default: WithAntd };
  });
}
