import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PRODUCT_IDS } from '@riskatlas/domain';
import { createTestDatabase, testDatabaseKinds, type TestDatabaseKind } from '../../../test/databases';
import { parseCommandLine, runCommand, UsageError } from './commands';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const source = join(root, 'apps/api/src/app/cli/admin.ts');

/** Each command starts a Node process and opens the database: allow for a loaded machine. */
const SLOW = { timeout: 180_000 };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a node command line with the given environment and collects its output. */
function run(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(await testDatabaseKinds())('operator CLI on %s', (kind: TestDatabaseKind) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'riskatlas-cli-'));
    if (kind === 'pglite') {
      env = { DATA_DIR: dataDir };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    } else {
      const database = await createTestDatabase('postgres');
      env = { DATA_DIR: dataDir, DATABASE_URL: database.connectionString! };
      cleanup = async () => {
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      };
    }
  });
  afterAll(async () => {
    await cleanup?.();
  });

  const admin = (...args: string[]) => run(['--import', 'tsx', source, ...args], env);

  it('creates accounts and users, grants licences and lists accounts, printing JSON', SLOW, async () => {
    const created = await admin('create-account', '--name', 'Acme Retail', '--admin-email', 'Ops@Acme.example', '--admin-password', 'acme-admin-password');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const account = JSON.parse(created.stdout);
    expect(account).toMatchObject({ created: 'account', account: { company: 'Acme Retail', isProvider: false }, admin: { email: 'ops@acme.example', userType: 3 } });
    const accountId = String(account.account.accountID);

    const user = await admin('create-user', '--account-id', accountId, '--email', 'analyst@acme.example', '--password', 'analyst-password', '--type', '2');
    expect(user.code).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({ created: 'user', user: { accountId: Number(accountId), email: 'analyst@acme.example', userType: 2 }, accountUsers: 2 });

    const granted = await admin('grant-licenses', '--account-id', accountId, '--product', '0', '--quantity', '500');
    expect(granted.code).toBe(0);
    expect(JSON.parse(granted.stdout)).toEqual({ granted: { accountId: Number(accountId), productId: 0, quantity: 500 }, remainingLicenses: { '0': 500 } });
    await admin('grant-licenses', '--account-id', accountId, '--product', '0', '--quantity', '25');

    const set = await admin('set-account', '--account-id', accountId, '--read-only', 'true', '--inactivity-timeout', '15', '--warning-banner', 'Upgrade tonight', '--licensed-countries', '1, 6');
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ updated: 'account', account: { readOnly: true, underMaintenance: false, inactivityTimeout: 15, warningBanner: 'Upgrade tonight', licensedCountryIds: [1, 6] } });

    const listed = await admin('list-accounts');
    expect(listed.code).toBe(0);
    const entry = JSON.parse(listed.stdout).accounts.find((a: { accountID: number }) => a.accountID === Number(accountId));
    expect(entry).toMatchObject({ company: 'Acme Retail', users: 2, readOnly: true, remainingLicenses: { '0': 525 } });
  });

  it('runs through npm run admin (scripts/admin.mjs)', SLOW, async () => {
    const result = await run([join(root, 'scripts/admin.mjs'), 'list-accounts'], env);
    expect(result.code).toBe(0);
    expect(Array.isArray(JSON.parse(result.stdout).accounts)).toBe(true);
  });
  it('refuses bad input with one sentence naming the flag on stderr, exit code 1', SLOW, async () => {
    // The process contract once; the rules themselves are checked in-process below.
    const result = await admin('grant-licenses', '--account-id', 'abc', '--product', '0', '--quantity', '5');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/--account-id/);
  });
});

describe.each(await testDatabaseKinds())('operator CLI commands in-process on %s', (kind: TestDatabaseKind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** One command as the CLI runs it (same parsing and rules), without a process: its JSON result or its UsageError. */
  const command = async (...argv: string[]): Promise<unknown> => {
    const { command: name, flags } = parseCommandLine(argv);
    return runCommand(database.db, name, flags, new Date());
  };

  it('refuses bad input with one sentence naming the flag', async () => {
    const cases: [string[], RegExp][] = [
      [['create-user', '--account-id', '1', '--email', 'x@acme.example', '--password', 'long-enough-pw', '--type', '5'], /--type/],
      [['grant-licenses', '--account-id', '1', '--product', '7', '--quantity', '5'], new RegExp(`--product.*${ALL_PRODUCT_IDS.join(', ')}`)],
      [['grant-licenses', '--account-id', 'abc', '--product', '0', '--quantity', '5'], /--account-id/],
      [['create-account', '--name', 'No Admin'], /Missing --admin-email/],
      [['create-account', '--name', 'Short', '--admin-email', 'a@short.example', '--admin-password', 'short'], /--admin-password/],
      [['create-account', '--name', 'Typo', '--admin-mail', 'a@b.example'], /--admin-mail/],
      [['create-user', '--account-id', '999999', '--email', 'y@acme.example', '--password', 'long-enough-pw', '--type', '2'], /--account-id/],
      [['drop-everything'], /Unknown command "drop-everything"/],
      [['set-account', '--account-id', '1', '--read-only', 'maybe'], /--read-only must be true or false/],
      [['set-account', '--account-id', '1'], /Name at least one setting/],
      [['set-account', '--account-id', '1', '--licensed-countries', '1,4'], /--licensed-countries must be 'all' or covered country ids/],
    ];
    for (const [args, expected] of cases) {
      const refused = await command(...args).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused, args.join(' ')).toBeInstanceOf(UsageError);
      expect((refused as Error).message).not.toContain('\n');
      expect((refused as Error).message).toMatch(expected);
    }
  });

  it('refuses an e-mail already in use and a CAP Admin outside a provider account', async () => {
    const refusal = (promise: Promise<unknown>) => promise.then(() => '', (error: unknown) => (error instanceof UsageError ? error.message : `not a UsageError: ${String(error)}`));
    const created = (await command('create-account', '--name', 'Dupe Co', '--admin-email', 'dupe@example.test', '--admin-password', 'dupe-password-1')) as { account: { accountID: number } };
    expect(await refusal(command('create-user', '--account-id', String(created.account.accountID), '--email', 'DUPE@example.test', '--password', 'dupe-password-2', '--type', '2'))).toMatch(
      /--email: A user with the e-mail address 'dupe@example.test' already exists/,
    );
    expect(await refusal(command('create-user', '--account-id', String(created.account.accountID), '--email', 'staff@example.test', '--password', 'staff-password-1', '--type', '4'))).toMatch(/--type/);

    const provider = (await command('create-account', '--name', 'Provider', '--provider', '--admin-email', 'boss@provider.test', '--admin-password', 'provider-password')) as { account: { accountID: number; isProvider: boolean } };
    expect(provider.account.isProvider).toBe(true);
    expect(await command('create-user', '--account-id', String(provider.account.accountID), '--email', 'staff@provider.test', '--password', 'staff-password-1', '--type', '4')).toMatchObject({ created: 'user' });
  });
});
