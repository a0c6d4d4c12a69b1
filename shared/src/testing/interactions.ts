/** Interactions with antd forms that wait for the form to answer. */
import { act, fireEvent } from '@testing-library/react';

/** Lets antd's form settle: its validators and field watchers answer over a few timer turns. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Types a whole value into an input at once (one change event), then lets the form settle. */
export async function change(element: HTMLElement, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(element, { target: { value } });
  });
  await settle();
}

/** Clicks, then lets the form settle. */
export async function press(element: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
}
