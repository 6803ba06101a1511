import { z } from 'zod';

/**
 * The process environment, parsed once. Everything configurable lives here so that the site, the CLI and
 * the tests read the same names with the same defaults (README's configuration table mirrors this).
 */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** "<max>/<seconds>", e.g. '10/900': at most 10 in 15 minutes. */
const limit = (fallback: string) =>
  z
    .string()
    .regex(/^\d+\/\d+$/, 'expected <count>/<seconds>, e.g. 10/900')
    .default(fallback)
    .transform((v): RateLimit => {
      const [max, windowSeconds] = v.split('/').map(Number) as [number, number];
      return { max, windowSeconds };
    });

const schema = z.object({
  DATABASE_URL: z.string().min(1).default('file:data/skillshelf.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /**
   * A libSQL server this process keeps DATABASE_URL (a file) as an embedded replica of: reads are local, writes go
   * to the server, and the replica pulls the server's changes every DATABASE_SYNC_INTERVAL seconds (decision 027).
   */
  DATABASE_SYNC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  DATABASE_SYNC_INTERVAL: z.coerce.number().min(0.1).max(3600).default(1),
  // An empty value (`PUBLIC_URL=` in a unit file or compose file) means unset, not an invalid URL.
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Skillshelf <no-reply@skillshelf.local>'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RESET_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** Busy timeout for every pooled libSQL connection, in milliseconds. */
  DATABASE_BUSY_TIMEOUT: z.coerce.number().int().min(0).default(10_000),
  /**
   * On a libSQL server: the most one database call may take, in milliseconds, before the request is answered 503
   * (db/remote-client.ts). Below 10 s, so that nobody waits longer than that on a server that is gone; the CLI,
   * whose batches may run longer and which no visitor waits for, allows ten minutes (cli/bin.mjs).
   */
  DATABASE_TIMEOUT: z.coerce.number().int().min(100).max(3_600_000).default(8_000),
  /** Seed demo data into an empty database when the server starts ('false' to start empty). */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Which of the WEB_CONCURRENCY server processes this is (1…n), set by the server for the processes it starts,
   * not by people: an embedded replica is one process's file, so process n > 1 keeps its own (db/client.ts).
   */
  SERVER_PROCESS: z.coerce.number().int().min(1).max(64).default(1),
  NODE_ENV: z.string().default('production'),
  /**
   * Abuse limits, as "<count>/<seconds>" per key (db/operations/rate-limit.ts says what each counts).
   * RATE_LIMIT_OFF=true disables them all (load tests only).
   */
  RATE_LIMIT_SIGNIN_ACCOUNT: limit('10/900'),
  RATE_LIMIT_SIGNIN_SLOWDOWN: limit('10/900'),
  RATE_LIMIT_SIGNIN_IP: limit('50/900'),
  RATE_LIMIT_SIGNUP_IP: limit('20/3600'),
  RATE_LIMIT_SIGNUP_ACCOUNT: limit('5/3600'),
  RATE_LIMIT_FORGET_ACCOUNT: limit('5/3600'),
  RATE_LIMIT_FORGET_IP: limit('20/3600'),
  RATE_LIMIT_RESET_IP: limit('20/3600'),
  RATE_LIMIT_REVIEW_USER: limit('30/3600'),
  RATE_LIMIT_SUBMISSION_USER: limit('30/3600'),
  RATE_LIMIT_SUBMISSION_CHECK_USER: limit('300/3600'),
  RATE_LIMIT_LINK_REPORT_USER: limit('10/3600'),
  RATE_LIMIT_REVIEW_FEEDBACK_USER: limit('200/3600'),
  RATE_LIMIT_UPLOAD_USER: limit('60/3600'),
  RATE_LIMIT_ACCOUNT_CHANGE_USER: limit('10/3600'),
  RATE_LIMIT_BOOKMARK_IMPORT_USER: limit('10/3600'),
  RATE_LIMIT_OFF: z.enum(['true', 'false']).default('false'),
  /** Password hashes that may wait for a free core (db/crypto/passwords.ts); beyond them, 503. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(64),
  /** Mail delivery (db/operations/mail-sender.ts): the first retry's delay, doubled at each further one, and the attempts before giving up. */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  /** Fetch a submitted page's title to offer as its name (db/submissions/page-title.ts); 'off' never fetches. */
  SUBMISSION_TITLE_FETCH: z.enum(['on', 'off']).default('on'),
  /** 'true' lets that fetch reach private and loopback addresses: for tests against local servers only. */
  OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** Every so many hours, the server checks the links that are due (db/links/link-schedule.ts); 0, the default, never. */
  LINK_CHECK_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(0),
  /** 'off' disables the in-process catalog and page caches (to measure uncached costs). */
  CATALOG_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * "Learners who saved this also saved" counts an account's saves once it is this many days old, this many
   * minutes after its saves last changed (db/discovery/co-saves.ts, decision 039): a pair's users are real
   * people, not accounts made for the purpose, and no one's save shows on a page the minute it is made.
   */
  CO_SAVE_ACCOUNT_DAYS: z.coerce.number().min(0).max(365).default(7),
  CO_SAVE_DELAY_MINUTES: z.coerce
    .number()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  /**
   * Other origins whose pages may open the visitors socket, comma separated (e.g. a separate front end's
   * dev server, http://localhost:5173). The site's own origin always may.
   */
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/$/, ''))
        .filter(Boolean),
    ),
  /** Open visitor WebSockets (/ws) allowed per client address, and per server process in all. */
  VISITORS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(16),
  VISITORS_MAX_TOTAL: z.coerce.number().int().min(1).default(5000),
  /** Request and server logs (site/server/log.ts): pino's levels, 'silent' for none. */
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  /** 'json' (one line per event, for machines) or 'pretty' (for development; needs the pino-pretty devDependency). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** A bearer token that may read GET /metrics besides admins (a Prometheus scraper's). */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'METRICS_TOKEN: at least 16 characters').optional()),
  /**
   * The reverse proxies' addresses, comma separated (IPs or CIDR ranges, e.g. 127.0.0.1,10.0.0.0/8, or
   * 'loopback'). Only a request from one of them has its X-Forwarded-For and X-Forwarded-Proto believed.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid configuration: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** The site's own origin, used in mail links. */
export function publicUrl(): string {
  const c = config();
  return (c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`).replace(/\/$/, '');
}
