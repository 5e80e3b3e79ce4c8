// One jest run over every app and package; each project brings its own config from the shared preset.
module.exports = {
  projects: [
    '<rootDir>/packages/events',
    '<rootDir>/packages/i18n',
    '<rootDir>/packages/api',
    '<rootDir>/packages/ui',
    '<rootDir>/packages/releases',
    '<rootDir>/packages/serve',
    '<rootDir>/packages/server',
    '<rootDir>/shell',
    '<rootDir>/mf-catalog',
    '<rootDir>/mf-cart-checkout',
    '<rootDir>/mf-account',
    '<rootDir>/mf-auth',
  ],
};
