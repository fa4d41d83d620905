import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every configuration variable, read once from the environment. The README lists them all;
 * keep the two in step.
 */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded database and local files live here. */
  DATA_DIR: z.string().default('./var'),
  /** postgres://… switches from embedded PGlite to a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  /** Local directory (default DATA_DIR/files) or s3://bucket/prefix with S3_* variables. */
  FILE_STORE: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** smtp://user:pass@host:port; unset writes .eml files to DATA_DIR/outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('RiskAtlas <no-reply@riskatlas.local>'),
  /** The address users reach the app at, for links in e-mails; unset: http://localhost:PORT. */
  PUBLIC_URL: z.string().optional(),
  SEED_ADMIN_EMAIL: z.string().optional(),
  SEED_ADMIN_PASSWORD: z.string().optional(),
  SEED_COMPANY: z.string().default('My Company'),
  SEED_LICENSES: z.coerce.number().int().min(0).default(1000),
  DEMO: z.string().optional(),
  /** 1: this process works the job queue. Default: the single `npm start` process does both. */
  WORKER: z.string().optional(),
  /** 0: serve the API only (no job worker in this process). */
  API: z.string().optional(),
  /**
   * Seconds between a worker's polls for new jobs (pg-boss minimum 0.5). Jobs enqueued by the same
   * process wake its worker at once; polling is what other processes' jobs wait for.
   */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * Seconds between a running job's heartbeats (at least 10; see jobs/job-lease.ts). A job whose
   * process died is retried about this long after its last heartbeat, plus half of it for the
   * supervisor's pass.
   */
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
  /** First delay before a failed job is retried, in seconds; later retries back off exponentially. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** Session lifetime in minutes, renewed by activity. */
  SESSION_TTL_MINUTES: z.coerce.number().int().min(5).default(480),
  /** Secret that signs cookies; generated per start when unset (sessions are still DB rows). */
  COOKIE_SECRET: z.string().optional(),
  /**
   * Which proxies' X-Forwarded-For to believe: unset trusts none (the connection's address is the
   * client's); a hop count, `true` (every hop, only when nothing else can reach the port), or a
   * comma-separated list of proxy addresses and CIDR ranges.
   */
  TRUST_PROXY: z.string().optional(),
  /** Seconds a resolved session is reused in this process before it is read again; 0: never. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** Sign-in attempts per IP per minute on auth routes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest accepted JSON body, bytes. */
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  /** The built web app to serve at /; unset finds apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** An address-level geocoder (Nominatim, Pelias or Photon) asked before the embedded one. */
  GEOCODER_URL: z.string().url().optional().or(z.literal('')),
  /** Which API GEOCODER_URL speaks; unset: detected from the URL (/v1 Pelias, /api or :2322 Photon, else Nominatim). */
  GEOCODER_KIND: z.enum(['nominatim', 'pelias', 'photon']).optional(),
  /** Milliseconds to wait for GEOCODER_URL before falling back to the embedded geocoder. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** A MapLibre style JSON URL (http or https) for online base tiles; unset: the offline base layers. */
  MAP_STYLE_URL: z.url({ protocol: /^https?$/ }).optional().or(z.literal('')),
});

/** The parsed configuration the app is built with. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  fileStore: string;
  s3: { endpoint: string | undefined; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined };
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  seedAdminEmail: string | undefined;
  seedAdminPassword: string | undefined;
  seedCompany: string;
  seedLicenses: number;
  demo: boolean;
  runWorker: boolean;
  runApi: boolean;
  /** The durable job queue's timing (platform/jobs/queue.ts). */
  jobs: { pollSeconds: number; heartbeatSeconds: number; retryDelaySeconds: number };
  sessionTtlMinutes: number;
  /** How long a resolved session is reused in this process, milliseconds (0: not at all). */
  sessionCacheMs: number;
  /** Fastify's trustProxy: false (no proxy), a hop count, true, or proxy addresses and ranges. */
  trustProxy: TrustProxy;
  cookieSecret: string;
  authRateLimit: number;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  bodyLimit: number;
  webDist: string | undefined;
  /** The external address-level geocoder; url undefined means the embedded geocoder only. */
  geocoder: { url: string | undefined; kind: 'nominatim' | 'pelias' | 'photon' | undefined; timeoutMs: number };
  /** The online map style handed to the web app (GET map/config); undefined: the offline base layers. */
  mapStyleUrl: string | undefined;
}

/** Which forwarding proxies are believed about the client's address. */
export type TrustProxy = boolean | number | string[];

/** Address ranges proxy-addr knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an address, an address/prefix range, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY; throws a sentence naming the variable when it is neither of its forms. */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined || entries.length === 0) {
    throw new Error(`Configuration variable TRUST_PROXY is invalid: "${bad ?? value}" is not a hop count, true, or a proxy address or CIDR range`);
  }
  return entries;
}

const truthy = (value: string | undefined) => value !== undefined && ['1', 'true', 'yes'].includes(value.toLowerCase());

/** Reads the configuration from an environment (process.env by default). Throws naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, argv: string[] = []): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Configuration variable ${String(issue?.path[0])} is invalid: ${issue?.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    fileStore: e.FILE_STORE ?? resolve(dataDir, 'files'),
    s3: { endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY },
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    seedAdminEmail: e.SEED_ADMIN_EMAIL || undefined,
    seedAdminPassword: e.SEED_ADMIN_PASSWORD || undefined,
    seedCompany: e.SEED_COMPANY,
    seedLicenses: e.SEED_LICENSES,
    demo: truthy(e.DEMO) || argv.includes('--demo'),
    runWorker: e.WORKER === undefined ? true : truthy(e.WORKER),
    runApi: e.API === undefined ? true : truthy(e.API),
    jobs: { pollSeconds: e.JOB_POLL_SECONDS, heartbeatSeconds: e.JOB_HEARTBEAT_SECONDS, retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS },
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecret: e.COOKIE_SECRET ?? randomBytes(32).toString('hex'),
    authRateLimit: e.AUTH_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    webDist: e.WEB_DIST,
    geocoder: { url: e.GEOCODER_URL || undefined, kind: e.GEOCODER_KIND, timeoutMs: e.GEOCODER_TIMEOUT_MS },
    mapStyleUrl: e.MAP_STYLE_URL || undefined,
  };
}
