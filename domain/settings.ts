import { z } from 'zod';

/**
 * Reading a server's environment with one zod schema (the gateway's `gateway/src/server/config.ts`, the upstream's
 * `upstream/src/config.ts`): the pieces both schemas are made of, and the one way a bad value is reported. A value that
 * does not fit stops the start with one line per bad variable, naming it, its value and what it takes.
 */

/** The variables' values as a process has them (`process.env`), without depending on Node's types. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A setting a server cannot start with: one line per bad variable (its name, its value, what it takes). */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

/** pino's levels, as LOG_LEVEL takes them. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The words a yes/no setting takes (any case); unset or blank is its default. */
export const YES = /^(true|1|yes|on)$/i;
export const NO = /^(false|0|no|off)$/i;

/** Unset and blank are the same (the default); values are read without surrounding spaces. */
export const text = () => z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value), z.string().optional());

/** `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`, any case); unset or blank is `fallback` (`undefined`: no choice made). */
export const yesNo = <Fallback extends boolean | undefined>(fallback: Fallback) =>
  text().transform((value, context): boolean | Fallback => {
    if (value === undefined) return fallback;
    if (YES.test(value)) return true;
    if (NO.test(value)) return false;
    context.addIssue({ code: 'custom', message: 'expected true or false' });
    return z.NEVER;
  });

/** A whole number from `min` up (to `max`), with a default when unset or blank. */
export const wholeNumber = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  text().transform((value, context) => {
    if (value === undefined) return fallback;
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    if (Number.isSafeInteger(number) && number >= min && number <= max) return number;
    context.addIssue({
      code: 'custom',
      message: max === Number.MAX_SAFE_INTEGER ? `expected a whole number of ${min} or more` : `expected a whole number from ${min} to ${max}`,
    });
    return z.NEVER;
  });

/** A TCP port to listen on (0: any free one). */
export const port = (fallback: number) => wholeNumber(fallback, 0, 65535);

/** One of pino's levels; unset is left to the program (its default differs by how it runs). */
export const logLevel = () => text().pipe(z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }).optional());

/** A URL whose scheme matches `protocol` (`/^https?$/`), with `expected` as the message when it does not fit. */
export const address = (protocol: RegExp, expected: string) => text().pipe(z.url({ protocol, error: expected }).optional());

/** What ioredis connects to: redis:// or rediss:// (TLS). Anything else it reads as a host name or a socket path. */
export const redisUrl = () => address(/^rediss?$/, 'expected a redis://host:port or rediss://host:port address');

/** A value a function of its own reads (and refuses by throwing); its message says what it takes. */
export const readBy = <T>(read: (value: string | undefined) => T) =>
  text().transform((value, context) => {
    try {
      return read(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

/** An http(s) origin, optionally with a path prefix, without its trailing slash; anything else throws, saying what it takes. */
export function httpAddress(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const url = URL.parse(value.trim());
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new Error('expected an http:// or https:// address without query or fragment, e.g. https://slime.example');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * The environment read by `schema`, or a ConfigError with one line per bad setting, each starting with `service`. The
 * values of `secret` variables (URLs that may carry a password) are not repeated in the line.
 */
export function envFrom<Schema extends z.ZodType>(service: string, schema: Schema, env: Env, secret: readonly string[] = []): z.output<Schema> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const shown = secret.includes(name) ? '' : `=${JSON.stringify(env[name] ?? '')}`;
    return `${service}: ${name}${shown} is not usable: ${issue.message}`;
  });
  throw new ConfigError(lines);
}

/**
 * Why a server could not listen on PORT and HOST, as one line starting with `service` (a taken port, a host name that
 * does not resolve or is not this machine's, a port below 1024 without the right); `undefined` for any other error.
 */
export function listenFailure(service: string, error: unknown, where: { port: number; host: string }): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const at = `${where.host}:${where.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `${service}: PORT ${where.port} is in use on ${where.host}: stop what listens there or set another PORT`;
    case 'EACCES':
      return `${service}: not allowed to listen on ${at}: a PORT below 1024 needs the right to bind it; set a PORT from 1024 up`;
    case 'EADDRNOTAVAIL':
      return `${service}: HOST ${where.host} is not an address of this machine: set HOST to one of its addresses (0.0.0.0 for all)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${service}: HOST ${where.host} does not resolve to an address: set HOST to this machine's name or address`;
    default:
      return undefined;
  }
}
