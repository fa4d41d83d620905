import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lockForTransaction } from '../../db/sql-helpers';
import { UserType } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/app-deps';
import { countAllUsers, findUserByEmail } from '../../features/users/index';
import { findAccountByCompany } from '../../features/accounts/index';
import { createAccountWithAdmin, createUserInAccount } from '../../features/accounts/index';
import { seedDemoLibrary } from './demo-library';
import { refreshUnknownCommunityTypes } from '../../features/sites/index';

/** The administrator created on an empty database when SEED_ADMIN_EMAIL is not set. */
const DEFAULT_ADMIN_EMAIL = 'admin@riskatlas.local';
/** The demo account (DEMO=1 or --demo) and its users, one per user type 1–3. */
const DEMO_COMPANY = 'Demo Retail Co';
/** The demo provider account; its one user is support staff (type 4) who may impersonate. */
const DEMO_PROVIDER_COMPANY = 'RiskAtlas Support';
/** The password of every demo user (docs/operations.md lists the logins). */
export const DEMO_PASSWORD = 'demo-password-1';
const DEMO_USERS = [
  { email: 'readonly@demo.riskatlas.local', userType: UserType.ReadOnly, firstName: 'Riley', lastName: 'Reader' },
  { email: 'standard@demo.riskatlas.local', userType: UserType.Standard, firstName: 'Sam', lastName: 'Standard' },
  { email: 'admin@demo.riskatlas.local', userType: UserType.Admin, firstName: 'Alex', lastName: 'Admin' },
] as const;
const DEMO_STAFF = { email: 'staff@demo.riskatlas.local', userType: UserType.CapAdmin, firstName: 'Casey', lastName: 'Support' } as const;

/** Any two processes starting on one empty database seed once: they queue on this lock. */
const SEED_LOCK_KEY = 7_201_001;

/** Where the generated administrator password is written, under DATA_DIR. */
export function adminPasswordFileOf(dataDir: string): string {
  return join(dataDir, 'initial-admin-password.txt');
}

/**
 * Writes the generated password to a file only this operating-system user can read (0600), never
 * to the log: logs are collected, shipped and kept where a password must not be. A file left by an
 * earlier start is replaced rather than rewritten, so no older, looser mode survives.
 */
async function writeAdminPasswordFile(dataDir: string, email: string, password: string): Promise<string> {
  const path = adminPasswordFileOf(dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await rm(path, { force: true });
  const text = `RiskAtlas: the first administrator\n\nE-mail: ${email}\nPassword: ${password}\n\nSign in, change the password, then delete this file.\n`;
  await writeFile(path, text, { mode: 0o600, flag: 'wx' });
  return path;
}

/** A password for the generated administrator: 18 random bytes, URL-safe (24 characters). */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * First-start seeding. On an empty database (no users) it creates an account named SEED_COMPANY
 * and its administrator from SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD, or admin@riskatlas.local
 * with a generated password written once to DATA_DIR/initial-admin-password.txt (mode 0600), whose
 * path is logged; the password itself never is. On a database that has users, SEED_ADMIN_EMAIL
 * not yet used creates that administrator in a new account. Every seeded account receives
 * SEED_LICENSES licences of every product. With DEMO, a demo account with one user per type and a
 * provider account with a staff user are added when missing, and the demo account's library, when
 * empty, is filled with stores and their reports (demo-library.ts). Every start also gives sites
 * still of Unknown community type in Canada, the UK and Mexico the type their point now has.
 */
export async function seedOnStart(deps: Omit<AppDeps, 'jobs'> | AppDeps, log: (line: string) => void): Promise<void> {
  const { config } = deps;
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    await lockForTransaction(tx, SEED_LOCK_KEY);
    await seedAdministrator(tx, deps, now, log);
    if (config.demo) await seedDemo(tx, deps, now, log);
    // Sites created before the pack had densities for Canada, the UK and Mexico (demo stores included).
    const refreshed = await refreshUnknownCommunityTypes(tx, deps.gazetteer, now);
    if (refreshed > 0) log(`Gave ${refreshed} sites in Canada, the UK or Mexico their community type.`);
  });
}

async function seedAdministrator(db: Db, deps: Omit<AppDeps, 'jobs'>, now: Date, log: (line: string) => void): Promise<void> {
  const { config } = deps;
  const empty = (await countAllUsers(db)) === 0;
  const wanted = config.seedAdminEmail;
  if (!empty && (!wanted || (await findUserByEmail(db, wanted)))) return;

  const email = wanted ?? DEFAULT_ADMIN_EMAIL;
  const generated = config.seedAdminPassword ? undefined : generatePassword();
  const password = config.seedAdminPassword ?? generated!;
  const { account, user } = await createAccountWithAdmin(db, {
    company: config.seedCompany,
    admin: { email, password, firstName: 'Account', lastName: 'Administrator' },
    licensesPerProduct: config.seedLicenses,
    now,
  }).catch((error: unknown) => {
    const field = (error as { field?: string }).field;
    const variable = field === 'password' ? 'SEED_ADMIN_PASSWORD' : field === 'email' ? 'SEED_ADMIN_EMAIL' : field === 'company' ? 'SEED_COMPANY' : undefined;
    throw new Error(`Seeding the first administrator failed${variable ? ` (check ${variable})` : ''}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  log(`Created account "${account.company}" (id ${account.id}) with administrator ${user.email}.`);
  if (generated) {
    const file = await writeAdminPasswordFile(config.dataDir, user.email, generated);
    log(`The generated password of ${user.email} is in ${file} (readable only by the user the server runs as).`);
    log('Sign in, change the password, then delete that file; or set SEED_ADMIN_PASSWORD next time.');
  }
}

async function seedDemo(db: Db, deps: Omit<AppDeps, 'jobs'>, now: Date, log: (line: string) => void): Promise<void> {
  const licenses = deps.config.seedLicenses;
  const created: string[] = [];
  let demo = await findAccountByCompany(db, DEMO_COMPANY);
  // The account is created with its administrator; the other demo users join it.
  const first = DEMO_USERS.find((user) => user.userType === UserType.Admin)!;
  const others = DEMO_USERS.filter((user) => user !== first);
  if (!demo) {
    if (await findUserByEmail(db, first.email)) throw new Error(`Demo seeding failed: ${first.email} already belongs to another account.`);
    demo = (await createAccountWithAdmin(db, { company: DEMO_COMPANY, admin: { ...first, password: DEMO_PASSWORD }, licensesPerProduct: licenses, now })).account;
    created.push(first.email);
  } else if (!(await findUserByEmail(db, first.email))) {
    await createUserInAccount(db, { ...first, password: DEMO_PASSWORD, accountId: demo.id, now });
    created.push(first.email);
  }
  for (const user of others) {
    if (await findUserByEmail(db, user.email)) continue;
    await createUserInAccount(db, { ...user, password: DEMO_PASSWORD, accountId: demo.id, now });
    created.push(user.email);
  }

  const provider = await findAccountByCompany(db, DEMO_PROVIDER_COMPANY);
  if (!provider) {
    if (await findUserByEmail(db, DEMO_STAFF.email)) throw new Error(`Demo seeding failed: ${DEMO_STAFF.email} already belongs to another account.`);
    await createAccountWithAdmin(db, { company: DEMO_PROVIDER_COMPANY, admin: { ...DEMO_STAFF, password: DEMO_PASSWORD }, account: { isProvider: true }, licensesPerProduct: licenses, now });
    created.push(DEMO_STAFF.email);
  } else if (!(await findUserByEmail(db, DEMO_STAFF.email))) {
    await createUserInAccount(db, { ...DEMO_STAFF, password: DEMO_PASSWORD, accountId: provider.id, now });
    created.push(DEMO_STAFF.email);
  }

  if (created.length > 0) log(`Demo data: created ${created.join(', ')}.`);
  const admin = (await findUserByEmail(db, first.email))!;
  await seedDemoLibrary(db, deps, { accountId: demo.id, userId: admin.id, user: admin, account: demo, impersonating: false }, now, log);
  log(`Demo sign-ins (password "${DEMO_PASSWORD}"): ${[...DEMO_USERS, DEMO_STAFF].map((u) => `${u.email} (${u.userType === 4 ? 'support staff' : ['read only', 'standard', 'admin'][u.userType - 1]})`).join(', ')}.`);
}
