import { PAGE_STATE_ELEMENT_ID } from '@koopjesland/shared';
import { afterFirstPaint } from './after-first-paint';

// The page state element the server writes (a rename there must reach after-first-paint.ts).
const SERVER_RENDERED = `<script id="${PAGE_STATE_ELEMENT_ID}" type="application/json">{}</script><div id="root"><main>Page</main></div>`;

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('waits for the next frame and the task after it on a server-rendered page', async () => {
  jest.useFakeTimers();
  const frames: FrameRequestCallback[] = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  document.body.innerHTML = SERVER_RENDERED;
  const painted = afterFirstPaint();
  expect(await settled(painted)).toBe(false);
  frames.forEach((callback) => callback(0));
  expect(await settled(painted)).toBe(false);
  jest.runOnlyPendingTimers();
  expect(await settled(painted)).toBe(true);
});

it('starts at once on a client-rendered page', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  expect(await settled(afterFirstPaint())).toBe(true);
});

it('starts at once in a hidden tab, which paints no frames', async () => {
  jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.body.innerHTML = SERVER_RENDERED;
  expect(await settled(afterFirstPaint())).toBe(true);
});
