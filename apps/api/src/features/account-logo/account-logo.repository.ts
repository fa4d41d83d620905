import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/index';

/** An account's logo settings as stored on its row. */
export interface LogoRow {
  allowPersonalize: boolean;
  useLogoOnWeb: boolean;
  logoContentType: string | null;
  logoUpdatedAt: Date | null;
}

const logoColumns = {
  allowPersonalize: accounts.allowPersonalize,
  useLogoOnWeb: accounts.useLogoOnWeb,
  logoContentType: accounts.logoContentType,
  logoUpdatedAt: accounts.logoUpdatedAt,
};

/** The account's logo settings, read now (the session's cached account row may be older). */
export async function readLogoRow(db: Db, accountId: number): Promise<LogoRow | undefined> {
  const [row] = await db.select(logoColumns).from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/** Changes the account's logo settings and stamps updatedAt; returns them as they now are. */
export async function updateLogoRow(db: Db, accountId: number, change: Partial<Omit<LogoRow, 'allowPersonalize'>>, now: Date): Promise<LogoRow | undefined> {
  const [row] = await db.update(accounts).set({ ...change, updatedAt: now }).where(eq(accounts.id, accountId)).returning(logoColumns);
  return row;
}
