import { z } from 'zod';

/**
 * The process environment, parsed once. Everything configurable lives here so that the site, the CLI and
 * the tests read the same names with the same defaults. Each variable is described once, on its field: README's
 * configuration list is written from these (`npm run docs:config`).
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

export const configSchema = z.object({
  DATABASE_URL: z
    .string()
    .min(1)
    .default('file:data/skillshelf.db')
    .describe(
      'the database: a `file:` path for the embedded database, or `libsql://…` / `http(s)://…` for a libSQL server (sqld, Turso)',
    ),
  DATABASE_AUTH_TOKEN: z
    .string()
    .optional()
    .describe(
      'the token of the libSQL server (sqld as deploy/sqld.service runs it requires one), sent to `DATABASE_URL` or `DATABASE_SYNC_URL`',
    ),
  DATABASE_SYNC_URL: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().optional())
    .describe(
      'keep `DATABASE_URL` (a `file:` path) as an embedded replica of this libSQL server: reads are local, writes go to the server',
    ),
  DATABASE_SYNC_INTERVAL: z.coerce
    .number()
    .min(0.1)
    .max(3600)
    .default(1)
    .describe(
      "seconds between an embedded replica's pulls of the server's changes (what another server wrote shows here within this plus a second)",
    ),
  // An empty value (`PUBLIC_URL=` in a unit file or compose file) means unset, not an invalid URL.
  PUBLIC_URL: z
    .preprocess((v) => (v === '' ? undefined : v), z.url().optional())
    .describe(
      "the site's public address, used in mailed links, canonical URLs, feeds, the sitemap and the origin checks (never the request's Host header); set it in production, the server warns at start when it is missing (unset: `http://HOST:PORT`)",
    ),
  HOST: z.string().default('localhost').describe('the address the server listens on (`0.0.0.0` for every interface)'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321).describe('the port'),
  SMTP_URL: z
    .string()
    .optional()
    .describe(
      'e.g. `smtp://user:pass@smtp.example.org:587`: the server delivers the outbox in the background, with retries; without it mail is only kept in the outbox table (`npx skillshelf mail outbox`)',
    ),
  MAIL_FROM: z.string().default('Skillshelf <no-reply@skillshelf.local>').describe('the sender of mail'),
  SESSION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .default(30)
    .describe('session lifetime in days; a session is extended when less than half is left'),
  RESET_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60)
    .describe('how long a password-reset link is valid'),
  DATABASE_BUSY_TIMEOUT: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_000)
    .describe('how long a write waits for the database lock, in milliseconds'),
  // Below 10 s, so that nobody waits longer on a server that is gone (db/remote-client.ts); the CLI allows ten minutes.
  DATABASE_TIMEOUT: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(8_000)
    .describe(
      'on a libSQL server, the most one database call may take (ms) before the request is answered 503 with `Retry-After`; the CLI allows ten minutes',
    ),
  SEED_DEMO: z.enum(['true', 'false']).default('true').describe('seed the demo world into an empty database at start'),
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .describe('server processes sharing the port (they share the database too)'),
  SERVER_PROCESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .describe(
      'set by the server, not by people: which of the `WEB_CONCURRENCY` processes this is (1…n); with an embedded replica, process n > 1 keeps its own file (`replica.2.db`, …)',
    ),
  NODE_ENV: z
    .string()
    .default('production')
    .describe(
      'the start warning about a missing `PUBLIC_URL` is given only under `production` (Vitest runs with `test`)',
    ),
  // Each limit's key and what it counts: db/operations/rate-limit.ts.
  RATE_LIMIT_SIGNIN_ACCOUNT: limit('10/900').describe(
    'failed sign-ins per account from one client address, or from one known device, per window (`<count>/<seconds>`); then 429 with `Retry-After` for that address or device (counted before the password is checked; a success clears it). Every per-address limit counts an IPv6 client by its /64',
  ),
  RATE_LIMIT_SIGNIN_SLOWDOWN: limit('10/900').describe(
    "failed sign-ins per account from all addresses after which the sign-ins of that account take turns: 0.25 s apart, doubling with each further failure, at most 5 s; parallel attempts queue for their turn, and one whose turn is more than 10 s away gets 429 with `Retry-After`. A browser that signed in to the account before (its `device` cookie) has a turn of its own and never waits, so strangers cannot keep the owner out there; its failures count per device, as an address's do",
  ),
  RATE_LIMIT_SIGNIN_IP: limit('50/900').describe('sign-in attempts per client address'),
  RATE_LIMIT_SIGNUP_IP: limit('20/3600').describe('sign-ups per client address'),
  RATE_LIMIT_SIGNUP_ACCOUNT: limit('5/3600').describe('sign-ups per email (as password resets: decision 026)'),
  RATE_LIMIT_FORGET_ACCOUNT: limit('5/3600').describe('password-reset mails per account'),
  RATE_LIMIT_FORGET_IP: limit('20/3600').describe('password-reset mails per client address'),
  RATE_LIMIT_RESET_IP: limit('20/3600').describe('password-reset attempts per address'),
  RATE_LIMIT_TWO_FACTOR_USER: limit('5/900').describe(
    'second-factor codes (an authenticator app’s, or a recovery code) tried per account, at sign-in, setup or turning it off; counted before the code is checked',
  ),
  RATE_LIMIT_VERIFY_IP: limit('20/3600').describe('uses of an email-verification link per address'),
  RATE_LIMIT_VERIFY_MAIL_USER: limit('5/3600').describe('verification mails asked for again per account'),
  RATE_LIMIT_REVIEW_USER: limit('30/3600').describe('reviews (posted or edited) per account'),
  RATE_LIMIT_SUBMISSION_USER: limit('30/3600').describe('submissions per account'),
  RATE_LIMIT_SUBMISSION_CHECK_USER: limit('300/3600').describe(
    'live duplicate checks of the submit form (`GET /api/submissions/check`) per account',
  ),
  RATE_LIMIT_LINK_REPORT_USER: limit('10/3600').describe('reports of a broken link per account'),
  RATE_LIMIT_REVIEW_FEEDBACK_USER: limit('200/3600').describe(
    'helpful votes (given or taken back) and reports of reviews per account',
  ),
  RATE_LIMIT_UPLOAD_USER: limit('60/3600').describe('image uploads per account'),
  RATE_LIMIT_ACCOUNT_CHANGE_USER: limit('10/3600').describe('profile changes of password or email per account'),
  RATE_LIMIT_BOOKMARK_IMPORT_USER: limit('10/3600').describe('bookmark files imported per account'),
  RATE_LIMIT_OFF: z.enum(['true', 'false']).default('false').describe('`true` disables every limit (load tests only)'),
  PASSWORD_HASH_QUEUE: z.coerce
    .number()
    .int()
    .min(0)
    .default(64)
    .describe(
      'password hashes that wait for a free core (one runs per core); beyond them the request gets 503 with `Retry-After`',
    ),
  MAIL_RETRY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      'a mail that could not be delivered is tried again after this many seconds, then twice as long each time (at most an hour apart)',
    ),
  MAIL_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30)
    .default(8)
    .describe('the attempts at delivering a mail before it is marked failed'),
  SUBMISSION_TITLE_FETCH: z
    .enum(['on', 'off'])
    .default('on')
    .describe(
      "fetch a submitted page's `og:title` / `<title>` after the reply and offer it as its name (it becomes the name when that was made from the URL); at most 3 s, 512 KB and 3 redirects, http(s) only, never a private, loopback or link-local address; `off` never fetches",
    ),
  OUTBOUND_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .describe(
      "every request the server makes (the title fetch, link checks scheduled or reported) goes to public addresses only, checked at every hop in the connection's own DNS lookup, and a content's or submission's website may not be `localhost` or a private address; `true` lifts both, for tests and benches against local servers only",
    ),
  LINK_CHECK_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(0)
    .describe(
      "the server checks the catalog's links by itself: each link again this many hours after its last check (as `links check --only-due`, looked for every quarter of an hour); one process of a deployment at a time (a lease row); `0` never",
    ),
  CATALOG_CACHE: z
    .enum(['on', 'off'])
    .default('on')
    .describe('`off` disables the in-process catalog and page caches (to measure uncached costs)'),
  // A pair's users are real people, not accounts made for the purpose, and no save shows the minute it is made.
  CO_SAVE_ACCOUNT_DAYS: z.coerce
    .number()
    .min(0)
    .max(365)
    .default(7)
    .describe(
      '"Learners who saved this also saved" counts an account\'s saves once it is this many days old (decision 039)',
    ),
  CO_SAVE_DELAY_MINUTES: z.coerce
    .number()
    .min(0)
    .max(7 * 24 * 60)
    .default(60)
    .describe(
      "and each change of its saves this many minutes after it was made; `0` counts at the job's next round (every second)",
    ),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .describe(
      'other origins whose pages may open the visitors socket, comma separated (a separate front end, e.g. `http://localhost:5173`)',
    ),
  VISITORS_MAX_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .default(16)
    .describe('open visitor WebSockets (`/ws`) per client address; more get 429'),
  VISITORS_MAX_TOTAL: z.coerce
    .number()
    .int()
    .min(1)
    .default(5000)
    .describe('open visitor WebSockets (`/ws`) per server process; more get 429'),
  LOG_LEVEL: z
    .enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])
    .default('info')
    .describe(
      '`trace`, `debug`, `info`, `warn`, `error`, `fatal` or `silent`: `info` writes one JSON line per request to stdout',
    ),
  LOG_FORMAT: z
    .enum(['json', 'pretty'])
    .default('json')
    .describe('`pretty` for readable colored lines in a terminal (development: needs the dev dependencies)'),
  METRICS_TOKEN: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(16, 'METRICS_TOKEN: at least 16 characters').optional(),
    )
    .describe(
      'a bearer token (16 characters or more) that may read `GET /metrics`, for a Prometheus scraper; admins always may',
    ),
  TWO_FACTOR_KEY: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine((v) => Buffer.from(v, 'base64').length === 32, 'TWO_FACTOR_KEY: base64 of 32 random bytes')
        .optional(),
    )
    .describe(
      'base64 of 32 random bytes (`openssl rand -base64 32`): the key that encrypts the authenticator apps’ TOTP keys and keys the hashes of recovery codes. Unset, a server on a database file makes one at its first start and keeps it beside the file (`<database>.two-factor-key`, back it up with the database); on a libSQL server or replica two-factor sign-in then cannot be set up. Changed or lost, every second factor set up before stops working (reset them with `skillshelf users reset-2fa`)',
    ),
  TWO_FACTOR_ADMINS: z
    .enum(['optional', 'required'])
    .default('optional')
    .describe(
      '`required`: an admin signs in with a second factor (an authenticator app), and one without sets it up at their next sign-in before anything else; on a libSQL server or replica it needs `TWO_FACTOR_KEY`. For users it stays optional',
    ),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .describe(
      "the reverse proxies' addresses, comma separated (IPs, CIDR ranges such as `10.0.0.0/8`, or `loopback`): only a request from one of them has its `X-Forwarded-For` (the client address for rate limits, the log, the visitors cap) and `X-Forwarded-Proto` (Secure cookies, HSTS) believed; unset, both are ignored",
    ),
});

export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = configSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid configuration: ${problems}`);
    }
    // A requirement that could not be met would lock every admin out, or be silently dropped.
    // A database file keeps a key of its own beside it (db/crypto/encryption.ts); a libSQL server does not.
    const keepsItsOwnKey = parsed.data.DATABASE_URL.startsWith('file:') && !parsed.data.DATABASE_SYNC_URL;
    if (parsed.data.TWO_FACTOR_ADMINS === 'required' && !parsed.data.TWO_FACTOR_KEY && !keepsItsOwnKey)
      throw new Error(
        'Invalid configuration: TWO_FACTOR_ADMINS: required needs TWO_FACTOR_KEY on a libSQL server or replica',
      );
    cached = parsed.data;
  }
  return cached;
}

/** The site's own origin, used in mail links. */
export function publicUrl(): string {
  const c = config();
  return (c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`).replace(/\/$/, '');
}
