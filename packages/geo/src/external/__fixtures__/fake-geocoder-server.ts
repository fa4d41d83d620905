import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { nominatimWillisTower, peliasWillisTower, photonWillisTower } from './responses';

/** Writes a JSON answer. */
export function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A local server answering like Nominatim, Pelias and Photon, and recording what it was asked. */
export interface FakeGeocoderServer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** The URLs asked since the current test began. */
  requests: URL[];
  /** How the server answers; reset to the Willis Tower fixtures before each test. */
  answer: (url: URL, res: ServerResponse) => void;
}

/**
 * Starts the fake server for the calling test file (vitest hooks): listening before all tests,
 * closed after them, requests cleared and default answers restored before each test.
 */
export function useFakeGeocoderServer(notFoundBody: unknown): FakeGeocoderServer {
  let server: Server;
  const fake: FakeGeocoderServer = { base: '', requests: [], answer: () => undefined };
  const defaultAnswer = (url: URL, res: ServerResponse) => {
    if (url.pathname.endsWith('/search')) return json(res, nominatimWillisTower);
    if (url.pathname.endsWith('/v1/search/structured')) return json(res, peliasWillisTower);
    if (url.pathname.endsWith('/api')) return json(res, photonWillisTower);
    json(res, notFoundBody, 404);
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      fake.requests.push(url);
      fake.answer(url, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.answer = defaultAnswer;
  });
  return fake;
}
