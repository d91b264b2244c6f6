import type { Logger } from '../logging/logger';

/** What every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
  };
};
