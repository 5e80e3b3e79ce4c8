// The console's page: its styles, its texts and the app.
import { start } from './app';

void start();
