import { registerNamespace } from '@lab/i18n';
import ru from './ru.json';
import ua from './ua.json';

registerNamespace('cartCheckout', { ua, ru });
