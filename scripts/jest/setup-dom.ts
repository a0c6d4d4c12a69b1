import '@testing-library/jest-dom';
import { StyleContext } from '@ant-design/cssinjs';
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

// antd's stylesheets stay out of jsdom: its CSS-in-JS renders as on a server (cssinjs's test-only
// `mock` option), building each component's styles without inserting them into the document.
// Inserted, they were thousands of rules that jsdom matched against every element testing-library
// asks about (getByRole checks each element's computed visibility): most of the front-end tests'
// time. jsdom lays nothing out anyway; what a person sees on a styled page is the browser tests'.
// The option is set on the context's default value, which every antd component reads unless a
// StyleProvider above it says otherwise (a StyleProvider merges its parent's value, keeping it).
const styleDefaults = (StyleContext as unknown as { _currentValue?: { mock?: 'server' | 'client' } })._currentValue;
if (!styleDefaults) throw new Error("@ant-design/cssinjs's StyleContext has no default value to set `mock` on");
styleDefaults.mock = 'server';
