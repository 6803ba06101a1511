import { z } from 'zod';

/**
 * The process environment, parsed once. Everything configurable lives here so that the site, the CLI and
 * the tests read the same names with the same defaults (README's configuration table mirrors this).
 */
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  DATABASE_URL: z.string().min(1).default('file:data/skillshelf.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Skillshelf <no-reply@skillshelf.local>'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RESET_TOKEN_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** Busy timeout for every pooled libSQL connection, in milliseconds. */
  DATABASE_BUSY_TIMEOUT: z.coerce.number().int().min(0).default(10_000),
  /** Seed demo data into an empty database when the server starts ('false' to start empty). */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  NODE_ENV: z.string().default('production'),
  /** Rate-limit window for authentication attempts, in seconds. */
  RATE_LIMIT_WINDOW: seconds(15 * 60),
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
