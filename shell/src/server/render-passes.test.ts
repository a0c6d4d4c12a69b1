import type { ServerStoreHandle } from '@koopjesland/shared';
import { renderInPasses } from './render-passes';

/** A store with one request: started by the first render, answered after `answerAfterMs`. */
function storeWithOneRequest(answerAfterMs: number) {
  let answer: string | null = null;
  let request: Promise<void> | null = null;
  const handle: ServerStoreHandle = {
    store: null,
    getState: () => answer,
    running: () => (request && answer === null ? [request] : []),
    answered: () => (answer === null ? '' : `products=${answer}`),
  };
  const start = () => {
    request ??= new Promise<void>((resolve) =>
      setTimeout(() => {
        answer = 'OLED TV';
        resolve();
      }, answerAfterMs),
    );
  };
  return { handle, start, answer: () => answer };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('renders again when a request was answered while a pass rendered, so the markup matches the state', async () => {
  const page = storeWithOneRequest(5);
  let passes = 0;
  const markup = await renderInPasses({
    // Each pass reads the store as it renders, then waits 30 ms for a part's code (a lazy chunk
    // loaded the first time): the request is answered meanwhile, after the markup was decided.
    renderPass: async () => {
      passes += 1;
      page.start();
      const shown = page.answer() ?? 'loading';
      await wait(30);
      return `<main>${shown}</main>`;
    },
    stores: () => [page.handle],
    maxPasses: 5,
  });
  expect(markup).toBe('<main>OLED TV</main>');
  expect(passes).toBe(2);
});

it('stops after one pass when nothing was asked, and after the pass that shows the answers', async () => {
  let passes = 0;
  const none = await renderInPasses({
    renderPass: async () => ((passes += 1), '<main>privacy</main>'),
    stores: () => [],
    maxPasses: 5,
  });
  expect([none, passes]).toEqual(['<main>privacy</main>', 1]);

  const page = storeWithOneRequest(5);
  passes = 0;
  const markup = await renderInPasses({
    renderPass: async () => {
      passes += 1;
      page.start();
      return `<main>${page.answer() ?? 'loading'}</main>`;
    },
    stores: () => [page.handle],
    maxPasses: 5,
  });
  expect([markup, passes]).toEqual(['<main>OLED TV</main>', 2]);
});

it('renders a page whose data failed before the first pass (loaded ahead) once, without asking again', async () => {
  // An unknown product: the page loader's request failed. Rendering subscribes to the failed query,
  // which would ask the API again, unless the store was frozen before the pass.
  let frozen = false;
  let asked = 0;
  let passes = 0;
  const handle: ServerStoreHandle = {
    store: null,
    getState: () => 'failed',
    running: () => (frozen ? [] : [Promise.resolve()]),
    answered: () => 'product=rejected',
    failed: () => true,
    freeze: () => {
      frozen = true;
    },
  };
  const markup = await renderInPasses({
    renderPass: async () => {
      passes += 1;
      if (!frozen) asked += 1;
      return '<main>Product not found</main>';
    },
    stores: () => [handle],
    maxPasses: 5,
  });
  expect({ markup, passes, asked }).toEqual({ markup: '<main>Product not found</main>', passes: 1, asked: 0 });
});
