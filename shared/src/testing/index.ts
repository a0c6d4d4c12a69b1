/**
 * The front ends' test harness (`@koopjesland/shared/testing`): a remote's routes rendered at an
 * address on its real store and RTK Query layer, with only the API mocked (global `fetch`).
 * Each front end keeps a few lines naming what it renders (`src/test/render.tsx`, the shell's `render-shell.tsx`).
 */
export {
  mockApi,
  reply,
  type ApiCall,
  type ApiHandler,
  type ApiRequest,
  type ApiRoutes,
  type MockedApi,
} from './mock-api';
export { renderAt, inEnglish, LocationProbe, currentLocation, type RenderAtOptions } from './render';
export { signInAs, signOut, setSiteConfiguration } from './session';
export { settle, change, press } from './interactions';
export { pagination } from './pagination';
