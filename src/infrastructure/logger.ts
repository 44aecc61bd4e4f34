import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Paths pino replaces with "[Redacted]": credentials in headers and any secret-bearing field
 * that might reach a log line (secrets never appear in logs).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-signature"]',
  'req.headers["x-api-key"]',
  'headers["x-api-key"]',
  'req.headers.cookie',
  'headers.authorization',
  'clientSecret',
  'webhookSecret',
  'secret',
  'signature',
  'password',
  '*.clientSecret',
  '*.webhookSecret',
  '*.secret',
  '*.signature',
  '*.password',
  'adminToken',
  '*.adminToken',
  'apiKey',
  '*.apiKey',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, redact: { paths: REDACT_PATHS, censor: '[Redacted]' }, base: { service: 'ib-external-api' } },
    destination,
  );
}
