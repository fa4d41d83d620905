/**
 * Operator CLI: `npm run admin -- <command> [flags]` (scripts/admin.mjs runs dist/admin.js when
 * built, else this file through tsx). Opens the configured database, applies migrations, runs one
 * command, prints its result as JSON on stdout, and closes. Mistakes print one sentence naming the
 * flag on stderr and exit 1.
 */
import { loadConfig } from '../../platform/config';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../db/client';
import { parseCommandLine, runCommand, USAGE, UsageError } from './commands';

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
    (argv.length === 0 ? console.error : console.log)(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  let database: DatabaseHandle | undefined;
  try {
    const { command, flags } = parseCommandLine(argv);
    const config = loadConfig(process.env);
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrateDatabase(database);
    const result = await runCommand(database.db, command, flags, new Date());
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(error.message);
    else console.error(`The command failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
