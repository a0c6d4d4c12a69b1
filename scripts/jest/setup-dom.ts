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
