import type { Member } from '../auth/member-context';
import type { Logger } from '../logging/logger';

/** What every request carries through the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** Set by member routes once the signed-in member is resolved. */
    member?: Member;
  };
};
