import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../platform/app-deps';
import type { TrustProxy } from '../platform/config';
import { authPlugin } from '../access/request-auth';
import { registerErrorHandling } from './error-handler';
import { registerSecurityHeaders } from './security-headers';
import { mapContentSources } from '../features/map/index';
import { registerModules } from './routes';

/** Finds the built web app: WEB_DIST, else apps/web/dist from source or from the API bundle. */
function findWebDist(configured: string | undefined): string | undefined {
  if (configured) return resolve(configured);
  const here = dirname(fileURLToPath(import.meta.url));
  // The bundle runs from apps/api/dist, the sources from apps/api/src/app.
  for (const candidate of [join(here, '../../web/dist'), join(here, '../../../web/dist')]) {
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify itself treats a bare hop count as "trust none"
 * (a hop count cannot tell the proxy from a client that connects directly), so a count becomes a
 * rule: believe the connecting address and the next hops-1 entries of X-Forwarded-For. That is
 * right only when clients cannot reach the port except through those proxies, which the
 * operations guide says.
 */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Builds the Fastify app: security headers, cookies, rate limits, zod validation, OpenAPI at
 * /api/docs, the auth plugin, every module under /api, and the web app at /.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'] },
    bodyLimit: config.bodyLimit,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Only configured proxies may say who the client is: a forged X-Forwarded-For must not pick the
    // address the sign-in rate limit counts and the audit log records.
    trustProxy: trustProxyOption(config.trustProxy),
    // Per-request log lines only at debug/trace; errors are logged by the central handler.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(cookie, { secret: config.cookieSecret });
  registerSecurityHeaders(app, mapContentSources(config.mapStyleUrl));
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'RiskAtlas API', description: 'Crime-risk reports and scores for organisations with many sites.', version: '0.1.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ra_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
      security: [{ session: [], csrf: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  await app.register(authPlugin, { database: deps.database, sessionTtlMinutes: config.sessionTtlMinutes, sessionCacheMs: config.sessionCacheMs, now: deps.now });

  await registerModules(app, deps);

  const webDist = findWebDist(config.webDist);
  if (webDist) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
    // The SPA keeps page state in query parameters: every non-API GET serves index.html.
    app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      if (request.url.toLowerCase().startsWith('/api/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
