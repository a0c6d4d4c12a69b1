import '@testing-library/jest-dom';
import { startConsoleGuard, stopConsoleGuard } from './console-guard';

beforeEach(startConsoleGuard);
afterEach(stopConsoleGuard);

// antd reads matchMedia for responsive grids; jsdom does not implement it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver ??= ResizeObserverStub;

// findBy*/waitFor wait for what a person would see; on a busy 2-core machine the first render
// of an antd page can take longer than the 1 s default, so wait longer (this is no speed claim).
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 5000 });

// jsdom implements getComputedStyle without pseudo-elements and logs "Not implemented" for
// them (antd's modals and scroll locks ask for ::before); answer with the element's style.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);

// jsdom has no MessageChannel (antd's Form batches field watchers with one). Node's own would
// keep the test process alive through its open ports, so deliver messages on a timer instead.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerMessagePort {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    partner: TimerMessagePort | null = null;
    postMessage(data: unknown) {
      setTimeout(() => this.partner?.onmessage?.({ data }), 0);
    }
    close() {
      this.onmessage = null;
    }
  }
  class TimerMessageChannel {
    port1 = new TimerMessagePort();
    port2 = new TimerMessagePort();
    constructor() {
      this.port1.partner = this.port2;
      this.port2.partner = this.port1;
    }
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = TimerMessageChannel;
}
