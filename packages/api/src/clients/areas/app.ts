import type { AppConfiguration } from '../../contract/app';
import { send } from '../send';

export const app = {
  configuration: (): Promise<AppConfiguration> => send('appConfiguration', {}),
};
