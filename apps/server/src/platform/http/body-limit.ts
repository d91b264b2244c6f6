import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { errorResponse } from '../errors/error-handler';

/**
 * Refuses oversized bodies before a handler reads them, in the API's error format. The rest of the
 * body is never read, so the connection cannot carry another request: tell the client to drop it.
 */
export const bodyLimit = (maxBytes: number) =>
  honoBodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      errorResponse(c, {
        status: 413,
        code: 'payload_too_large',
        message: `The request body is larger than ${maxBytes} bytes`,
        headers: {
          Connection: 'close',
        },
      }),
  });
