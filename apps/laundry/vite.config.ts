import { appConfig } from '../../tools/vite-app-config.ts';

export default appConfig('laundry');
