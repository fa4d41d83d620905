import { loadConfig } from '../platform/config';
import { startServer } from './server';

/** `node dist/main.js [--demo]`: the one process that serves the web app, the API and jobs. */
const config = loadConfig(process.env, process.argv.slice(2));
startServer(config).catch((error: unknown) => {
  console.error('RiskAtlas failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
