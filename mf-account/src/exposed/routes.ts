// The exposed `./routes`: the pages' route objects, once the app's texts in the page's locale are there
// (their crumbs and titles are texts). The previews import ../routes directly, with every locale's texts.
import '../i18n/ready';

export * from '../routes';
