import { parseArgs } from 'node:util';
import { COUNTRY_IDS, type CountryId } from '@riskatlas/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { countAccountUsers, listAccountsWithTotals, updateAccountSettings, type AccountOperatorSettings } from '../../features/accounts/index';
import { createAccountWithAdmin, createUserInAccount } from '../../features/accounts/index';
import { remainingLicenses } from '../../features/licenses/index';
import { grantLicenses } from '../../features/licenses/index';

/** A mistake in the command line: printed as one sentence, exit code 1. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: npm run admin -- <command> [flags]

Commands (each prints what it did as JSON):
  create-account --name <company> --admin-email <e-mail> --admin-password <password>
                 [--provider] [--licenses <n per product>]
  create-user    --account-id <id> --email <e-mail> --password <password> --type <1..4>
                 [--first-name <name>] [--last-name <name>]
  grant-licenses --account-id <id> --product <product id> --quantity <n>
  set-account    --account-id <id> [--read-only true|false] [--maintenance true|false]
                 [--inactivity-timeout <minutes, 0 = none>] [--warning-banner <text; '' clears>]
                 [--licensed-countries <country ids, e.g. 1,6; all = every covered country>]
  list-accounts

Works on the configured database (DATABASE_URL, or the embedded one in DATA_DIR). With the
embedded database, stop the server first: only one process may open it at a time.`;

type FlagSpec = Record<string, { type: 'string' | 'boolean'; required?: string }>;

const COMMANDS = {
  'create-account': {
    'name': { type: 'string', required: 'the company name of the new account' },
    'admin-email': { type: 'string', required: "the administrator's e-mail address" },
    'admin-password': { type: 'string', required: "the administrator's password" },
    'provider': { type: 'boolean' },
    'licenses': { type: 'string' },
  },
  'create-user': {
    'account-id': { type: 'string', required: 'the id of the account' },
    'email': { type: 'string', required: "the user's e-mail address" },
    'password': { type: 'string', required: "the user's password" },
    'type': { type: 'string', required: 'the user type, 1 Read Only, 2 Standard, 3 Admin or 4 CAP Admin' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
  'grant-licenses': {
    'account-id': { type: 'string', required: 'the id of the account' },
    'product': { type: 'string', required: 'the product id' },
    'quantity': { type: 'string', required: 'how many licences to grant' },
  },
  'set-account': {
    'account-id': { type: 'string', required: 'the id of the account' },
    'read-only': { type: 'string' },
    'maintenance': { type: 'string' },
    'inactivity-timeout': { type: 'string' },
    'warning-banner': { type: 'string' },
    'licensed-countries': { type: 'string' },
  },
  'list-accounts': {},
} as const satisfies Record<string, FlagSpec>;

export type CommandName = keyof typeof COMMANDS;

/** The flags of a parsed command line (strings, or true for switches). */
export type Flags = Record<string, string | boolean | undefined>;

/** Parses `<command> --flag value …`; unknown commands or flags and missing values are UsageErrors. */
export function parseCommandLine(argv: string[]): { command: CommandName; flags: Flags } {
  const [command, ...rest] = argv;
  if (!command || !(command in COMMANDS)) {
    throw new UsageError(command ? `Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join(', ')}.` : `Name a command: ${Object.keys(COMMANDS).join(', ')}.`);
  }
  const spec: FlagSpec = COMMANDS[command as CommandName];
  let values: Flags;
  try {
    const options = Object.fromEntries(Object.entries(spec).map(([name, s]) => [name, { type: s.type }]));
    values = parseArgs({ args: rest, options, strict: true, allowPositionals: false }).values as Flags;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const flag = /'(-{1,2}[^' ]+)/.exec(text)?.[1];
    if (/unknown option/i.test(text) && flag) throw new UsageError(`The flag ${flag} is not known to ${command}.`);
    if (/argument missing/i.test(text) && flag) throw new UsageError(`The flag ${flag} needs a value.`);
    if (/positional/i.test(text)) throw new UsageError(`Unexpected argument for ${command}: flags are written --name value.`);
    throw new UsageError(text);
  }
  for (const [name, s] of Object.entries(spec)) {
    if (s.required && (values[name] === undefined || values[name] === '')) throw new UsageError(`Missing --${name}: ${s.required}.`);
  }
  return { command: command as CommandName, flags: values };
}

/** A whole number from a flag, or a UsageError naming the flag. */
function intFlag(flags: Flags, name: string): number {
  const raw = String(flags[name]);
  if (!/^-?\d+$/.test(raw.trim())) throw new UsageError(`The flag --${name} must be a whole number, not "${raw}".`);
  return Number(raw);
}

/** true/false from a flag, or a UsageError naming the flag. */
function boolFlag(flags: Flags, name: string): boolean {
  const raw = String(flags[name]).trim().toLowerCase();
  if (raw === 'true' || raw === '1' || raw === 'yes') return true;
  if (raw === 'false' || raw === '0' || raw === 'no') return false;
  throw new UsageError(`The flag --${name} must be true or false, not "${String(flags[name])}".`);
}

/** Turns a service error's field into the flag the operator typed. */
function flagFor(field: string | undefined, fieldToFlag: Record<string, string>): string | undefined {
  return field ? fieldToFlag[field] : undefined;
}

async function withFlagNames<T>(fieldToFlag: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) {
      const flag = flagFor(error.field, fieldToFlag);
      throw new UsageError(flag ? `${flag}: ${error.message}` : error.message);
    }
    throw error;
  }
}

/** Runs one command on an open database and returns what it did (printed as JSON). */
export async function runCommand(db: Database, command: CommandName, flags: Flags, now: Date): Promise<unknown> {
  switch (command) {
    case 'create-account': {
      const licenses = flags.licenses === undefined ? 0 : intFlag(flags, 'licenses');
      if (licenses < 0) throw new UsageError('The flag --licenses must be 0 or more.');
      const { account, user } = await withFlagNames(
        { company: '--name', email: '--admin-email', password: '--admin-password', userType: '--provider' },
        () =>
          createAccountWithAdmin(db, {
            company: String(flags.name),
            admin: { email: String(flags['admin-email']), password: String(flags['admin-password']) },
            account: { isProvider: flags.provider === true },
            licensesPerProduct: licenses,
            now,
          }),
      );
      return {
        created: 'account',
        account: { accountID: account.id, company: account.company, isProvider: account.isProvider },
        admin: { userId: user.id, email: user.email, userType: user.userType },
        remainingLicenses: await remainingLicenses(db, account.id),
      };
    }
    case 'create-user': {
      const accountId = intFlag(flags, 'account-id');
      const userType = intFlag(flags, 'type');
      if (userType < 1 || userType > 4) throw new UsageError('The flag --type must be 1 (Read Only), 2 (Standard), 3 (Admin) or 4 (CAP Admin).');
      const user = await withFlagNames({ accountId: '--account-id', email: '--email', password: '--password', userType: '--type' }, () =>
        createUserInAccount(db, {
          accountId,
          email: String(flags.email),
          password: String(flags.password),
          userType: userType as 1 | 2 | 3 | 4,
          firstName: typeof flags['first-name'] === 'string' ? flags['first-name'] : '',
          lastName: typeof flags['last-name'] === 'string' ? flags['last-name'] : '',
          now,
        }),
      );
      return { created: 'user', user: { userId: user.id, accountId: user.accountId, email: user.email, userType: user.userType }, accountUsers: await countAccountUsers(db, accountId) };
    }
    case 'grant-licenses': {
      const accountId = intFlag(flags, 'account-id');
      const productId = intFlag(flags, 'product');
      const quantity = intFlag(flags, 'quantity');
      await withFlagNames({ accountId: '--account-id', product: '--product', quantity: '--quantity' }, () => grantLicenses(db, { accountId, productId, quantity, now }));
      return { granted: { accountId, productId, quantity }, remainingLicenses: await remainingLicenses(db, accountId) };
    }
    case 'set-account': {
      const accountId = intFlag(flags, 'account-id');
      const settings: AccountOperatorSettings = {};
      if (flags['read-only'] !== undefined) settings.readOnly = boolFlag(flags, 'read-only');
      if (flags.maintenance !== undefined) settings.underMaintenance = boolFlag(flags, 'maintenance');
      if (flags['inactivity-timeout'] !== undefined) {
        const minutes = intFlag(flags, 'inactivity-timeout');
        if (minutes < 0 || minutes > 1440) throw new UsageError('The flag --inactivity-timeout must be between 0 and 1440 minutes.');
        settings.inactivityTimeoutMinutes = minutes;
      }
      if (flags['warning-banner'] !== undefined) settings.warningBanner = String(flags['warning-banner']) || null;
      if (flags['licensed-countries'] !== undefined) settings.licensedCountryIds = countryIdsFlag(String(flags['licensed-countries']));
      if (Object.keys(settings).length === 0) throw new UsageError('Name at least one setting to change: --read-only, --maintenance, --inactivity-timeout, --warning-banner or --licensed-countries.');
      const account = await updateAccountSettings(db, accountId, settings, now);
      if (!account) throw new UsageError(`--account-id: There is no account with id ${accountId}.`);
      return {
        updated: 'account',
        account: {
          accountID: account.id,
          company: account.company,
          readOnly: account.readOnly,
          underMaintenance: account.underMaintenance,
          inactivityTimeout: account.inactivityTimeoutMinutes,
          warningBanner: account.warningBanner,
          licensedCountryIds: account.licensedCountryIds,
        },
      };
    }
    case 'list-accounts': {
      const accounts = await listAccountsWithTotals(db);
      return {
        accounts: accounts.map((a) => ({
          accountID: a.id,
          company: a.company,
          isProvider: a.isProvider,
          readOnly: a.readOnly,
          users: a.users,
          remainingLicenses: a.remainingLicenses,
          created: a.createdAt.toISOString(),
        })),
      };
    }
  }
}

/** --licensed-countries: 'all' (null: every covered country), or covered country ids separated by commas. */
function countryIdsFlag(raw: string): number[] | null {
  if (raw.trim().toLowerCase() === 'all') return null;
  const ids = raw.split(',').map((part) => part.trim());
  if (ids.some((id) => !COUNTRY_IDS.includes(Number(id) as CountryId))) {
    throw new UsageError(`The flag --licensed-countries must be 'all' or covered country ids separated by commas (${COUNTRY_IDS.join(', ')}), not "${raw}".`);
  }
  return [...new Set(ids.map(Number))];
}
