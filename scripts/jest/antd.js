// `antd` in the front ends' tests: see on-demand-barrel.js.
const { onDemandBarrel } = require('./on-demand-barrel');

module.exports = onDemandBarrel('antd/lib/index.js');
