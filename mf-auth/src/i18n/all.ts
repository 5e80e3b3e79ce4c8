import { registerNamespace } from '@lab/i18n';
import { NAMESPACE } from './index';
import ru from './ru.json';
import ua from './ua.json';

// Every locale's texts at once, for what renders in either without loading a chunk: the previews on
// the shell's server (one module, no chunks) and the tests.
void registerNamespace(NAMESPACE, { ua, ru });
