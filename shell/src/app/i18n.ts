import { registerNamespace } from '@lab/i18n';
import ru from './locales/ru.json';
import ua from './locales/ua.json';

registerNamespace('shell', { ua, ru });
