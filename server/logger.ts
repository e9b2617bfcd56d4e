import pino from 'pino';

/** The one logger: JSON lines on stdout. Child loggers carry the request id. */
export function createLogger(level: string = 'info') {
  return pino({
    level,
    base: { service: 'phap-bao' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers["x-token"]', 'req.headers.cookie', 'token', 'password'], remove: true },
  });
}

export type Logger = ReturnType<typeof createLogger>;
