// `@ant-design/icons` in the front ends' tests: see on-demand-barrel.js. Its index re-exports every
// icon from icons/index.js and adds the icon component and its helpers.
const { onDemandBarrel } = require('./on-demand-barrel');

const facade = onDemandBarrel('@ant-design/icons/lib/icons/index', '@ant-design/icons/lib/index');
Object.defineProperty(facade, 'IconProvider', {
  enumerable: true,
  get: () => require('@ant-design/icons/lib/components/Context').default.Provider,
});
module.exports = facade;
