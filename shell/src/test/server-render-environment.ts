/**
 * A server render inside the front-end tests' jsdom: React's Node renderer schedules its work with
 * setImmediate, which jsdom's globals lack; lend Node's own.
 */
import { clearImmediate, setImmediate } from 'node:timers';

Object.assign(globalThis, { setImmediate: globalThis.setImmediate ?? setImmediate, clearImmediate: globalThis.clearImmediate ?? clearImmediate });
