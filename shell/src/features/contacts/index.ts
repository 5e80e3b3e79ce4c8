export { ContactsPage } from './ContactsPage';
