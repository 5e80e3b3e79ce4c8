export { HOTLINE } from './Footer';
export { Layout } from './Layout';
