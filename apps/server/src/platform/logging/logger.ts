import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout; one line per event, machine-readable in production. */
export function createLogger(options: { level: string; name?: string }): Logger {
  return pino({
    name: options.name ?? 'atrium',
    level: options.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'],
      censor: '[redacted]',
    },
  });
}
