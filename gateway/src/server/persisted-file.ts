import { fileURLToPath } from 'node:url';

/** The persisted-operation map relay-compiler generates (`persistConfig.file` in relay.config.js names the same file). */
export const PERSISTED_OPERATIONS_PATH = fileURLToPath(new URL('../../persisted-operations.json', import.meta.url));
