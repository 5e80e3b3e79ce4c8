module.exports = require('@lab/config/jest.preset.cjs').jestProject(__dirname);
