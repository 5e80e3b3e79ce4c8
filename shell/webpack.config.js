const { createWebpackConfig } = require('@lab/config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  host: true,
  // its own pages (@lab/pages): its build lists each one's files (pages.json), which its server preloads
  pages: './src/app/pages.ts',
});
