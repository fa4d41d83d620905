import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every response: helmet's defaults with the web app's content security
 * policy. Helmet decides the headers; they are computed once at start, because helmet's own
 * middleware re-parses the policy and rebuilds every header on each request (a tenth of the CPU an
 * authenticated read used), while nothing in them depends on the request.
 */
const helmetOptions = (extra: ExtraSources): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...extra.imgSrc],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", ...extra.connectSrc],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** Hosts beyond the app's own that the policy allows (the online map style's). */
export interface ExtraSources {
  connectSrc: readonly string[];
  imgSrc: readonly string[];
}

/** What helmet sets on a response, read once from a response that is never sent. */
function securityHeaders(options: HelmetOptions): Readonly<OutgoingHttpHeaders> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let failure: unknown;
  helmet(options)(request, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return response.getHeaders();
}

/**
 * Sets the security headers on every response as the request arrives, so refusals and errors
 * carry them too (register it before the hooks that may refuse a request). They go into the
 * reply's own headers, not the raw response's: a raw header sends every other header of the
 * response through Node's slower setHeader path too.
 */
export function registerSecurityHeaders(app: FastifyInstance, extra: ExtraSources = { connectSrc: [], imgSrc: [] }): void {
  const headers = securityHeaders(helmetOptions(extra));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
