import { ALL_PRODUCT_IDS, ErrorCode, MIN_PASSWORD_LENGTH, Messages, UserType } from '@riskatlas/domain';
import type { Db } from '../../db/client';
import type { AccountRow, NewAccountRow, UserRow } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { findUserByEmail, insertUser, normalizeEmail } from '../users/index';
import { insertLicenseGrants } from '../licenses/index';
import { findAccount } from '../../access/identity.repository';
import { insertAccount } from './accounts.repository';

/** A plain e-mail shape check (the address must at least have a local part, @ and a domain). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** New user input shared by account creation, the CLI and seeding. */
export interface NewUserInput {
  email: string;
  password: string;
  userType: UserType;
  firstName?: string;
  lastName?: string;
}

/** Checks e-mail and password before any hashing or writing; errors name the field. */
function validateNewUser(input: NewUserInput): void {
  if (!EMAIL_PATTERN.test(normalizeEmail(input.email))) throw AppError.badRequest(`The e-mail address '${input.email}' is invalid.`, 'email');
  if (input.password.length < MIN_PASSWORD_LENGTH) throw AppError.badRequest(Messages.passwordTooShort, 'password');
  if (![1, 2, 3, 4].includes(input.userType)) throw AppError.badRequest('The user type must be 1 (Read Only), 2 (Standard), 3 (Admin) or 4 (CAP Admin).', 'userType');
}

/** True for PostgreSQL's unique_violation, looking through driver and Drizzle wrappers. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null); e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}

/** Runs an insert that may lose a race on the unique e-mail index, turning that into a conflict. */
async function withUniqueEmail<T>(email: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse(email);
    throw error;
  }
}

function emailInUse(email: string): AppError {
  return new AppError(ErrorCode.Conflict, `A user with the e-mail address '${normalizeEmail(email)}' already exists.`, { field: 'email' });
}

/**
 * Creates an account, its first administrator (type 3, or 4 in a provider account when asked)
 * and optionally a licence grant of `licensesPerProduct` for every product id — in one
 * transaction, so a failure leaves nothing behind. Used by seeding and the operator CLI.
 */
export async function createAccountWithAdmin(
  db: Db,
  input: {
    company: string;
    admin: Omit<NewUserInput, 'userType'> & { userType?: UserType };
    account?: Omit<Partial<NewAccountRow>, 'id' | 'company'>;
    licensesPerProduct?: number;
    now: Date;
  },
): Promise<{ account: AccountRow; user: UserRow }> {
  const company = input.company.trim();
  if (!company) throw AppError.badRequest('Please enter a company name.', 'company');
  const userType = input.admin.userType ?? UserType.Admin;
  validateNewUser({ ...input.admin, userType });
  if (userType === UserType.CapAdmin && !input.account?.isProvider) {
    throw AppError.badRequest('A CAP Admin (user type 4) must belong to a provider account.', 'userType');
  }
  if (await findUserByEmail(db, input.admin.email)) throw emailInUse(input.admin.email);
  const passwordHash = await hashPassword(input.admin.password);
  return withUniqueEmail(input.admin.email, () => db.transaction(async (tx) => {
    const account = await insertAccount(tx, { ...input.account, company, createdAt: input.now, updatedAt: input.now, dataLastUpdated: input.now });
    const user = await insertUser(tx, {
      accountId: account.id,
      email: input.admin.email,
      passwordHash,
      passwordChangedAt: input.now,
      firstName: input.admin.firstName ?? 'Account',
      lastName: input.admin.lastName ?? 'Administrator',
      userType,
      termsAccepted: false,
      createdAt: input.now,
      updatedAt: input.now,
    });
    if (input.licensesPerProduct && input.licensesPerProduct > 0) {
      await insertLicenseGrants(tx, { accountId: account.id, productIds: ALL_PRODUCT_IDS, quantity: input.licensesPerProduct, reason: 'grant', userId: null, reference: 'seed', at: input.now });
    }
    return { account, user };
  }));
}

/** Adds a user with a password to an existing account (operator CLI, demo seeding). */
export async function createUserInAccount(db: Db, input: NewUserInput & { accountId: number; now: Date }): Promise<UserRow> {
  validateNewUser(input);
  const account = await findAccount(db, input.accountId);
  if (!account) throw AppError.badRequest(`There is no account with id ${input.accountId}.`, 'accountId');
  if (input.userType === UserType.CapAdmin && !account.isProvider) {
    throw AppError.badRequest(`A CAP Admin (user type 4) must belong to a provider account; account ${account.id} is not one.`, 'userType');
  }
  if (await findUserByEmail(db, input.email)) throw emailInUse(input.email);
  const passwordHash = await hashPassword(input.password);
  return withUniqueEmail(input.email, () => insertUser(db, {
    accountId: account.id,
    email: input.email,
    passwordHash,
    passwordChangedAt: input.now,
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    userType: input.userType,
    // View flags default to true, but false when the account has advanced permissions.
    allowViewAllReports: !account.allowAdvancedPermissions,
    allowViewOwnReports: !account.allowAdvancedPermissions,
    createdAt: input.now,
    updatedAt: input.now,
  }));
}
