import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { ALL_PRODUCT_IDS, COUNTRIES, ReportType } from '@riskatlas/domain';
import { loadGazetteer } from '@riskatlas/geo';
import { lazyScoringEngine } from '@riskatlas/scoring';
import { createTestDatabase, testDatabaseKinds, type TestDatabaseKind } from '../../../test/databases';
import { loadConfig } from '../../platform/config';
import { accounts, licenseLedger, reports, siteComments, sites, users } from '../../db/schema/index';
import type { AppDeps } from '../../platform/app-deps';
import { LocalFileStore } from '../../platform/files/local-file-store';
import { verifyPassword } from '../../lib/passwords';
import { DEMO_PORTFOLIO } from './demo-portfolio';
import { adminPasswordFileOf, DEMO_PASSWORD, seedOnStart } from './seed';

describe.each(await testDatabaseKinds())('seeding on %s', (kind: TestDatabaseKind) => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'riskatlas-seed-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Seeds a database with the given environment; returns what it logged. */
  async function seed(database: Awaited<ReturnType<typeof createTestDatabase>>, env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    const deps: Omit<AppDeps, 'jobs'> = {
      config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...env }),
      database,
      gazetteer: loadGazetteer(),
      scoring: lazyScoringEngine(),
      fileStore: new LocalFileStore(join(dir, 'files')),
      mailer: { send: async () => undefined },
      now: () => new Date(),
    };
    await seedOnStart(deps, (line) => lines.push(line));
    return lines;
  }

  it('creates the first administrator with a generated password written to an owner-only file, never logged, then leaves the database alone', async () => {
    const database = await createTestDatabase(kind);
    try {
      const lines = await seed(database, { SEED_COMPANY: 'First Co', SEED_LICENSES: '250' });
      const { db } = database;
      const all = await db.select().from(users);
      expect(all).toHaveLength(1);
      const admin = all[0]!;
      expect(admin).toMatchObject({ email: 'admin@riskatlas.local', userType: 3, isEnabled: true });
      const [account] = await db.select().from(accounts).where(eq(accounts.id, admin.accountId));
      expect(account!.company).toBe('First Co');

      const file = adminPasswordFileOf(dir);
      expect(lines.some((line) => line.includes(file))).toBe(true);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const text = await readFile(file, 'utf8');
      expect(text).toContain('E-mail: admin@riskatlas.local');
      const password = /^Password: (\S+)$/m.exec(text)![1]!;
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(await verifyPassword(admin.passwordHash!, password)).toBe(true);
      for (const line of lines) expect(line).not.toContain(password);
      expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      const ledger = await db.select().from(licenseLedger).where(eq(licenseLedger.accountId, account!.id)).orderBy(asc(licenseLedger.productId));
      expect(ledger.map((row) => row.productId)).toEqual([...ALL_PRODUCT_IDS].sort((a, b) => a - b));
      expect(ledger.every((row) => row.quantity === 250 && row.reason === 'grant')).toBe(true);

      const again = await seed(database, { SEED_COMPANY: 'First Co' });
      expect(again).toEqual([]);
      expect(await db.select().from(users)).toHaveLength(1);
    } finally {
      await database.drop();
    }
  });

  it('uses SEED_ADMIN_EMAIL/PASSWORD, and adds a new e-mail as an administrator of a new account', async () => {
    const database = await createTestDatabase(kind);
    try {
      await rm(adminPasswordFileOf(dir), { force: true });
      const first = await seed(database, { SEED_ADMIN_EMAIL: 'Owner@Example.test', SEED_ADMIN_PASSWORD: 'owner-password-1' });
      expect(first.join('\n')).not.toMatch(/owner-password-1|generated password/);
      await expect(stat(adminPasswordFileOf(dir))).rejects.toThrow(/ENOENT/);
      const { db } = database;
      const [owner] = await db.select().from(users);
      expect(owner!.email).toBe('owner@example.test');
      expect(await verifyPassword(owner!.passwordHash!, 'owner-password-1')).toBe(true);

      await seed(database, { SEED_ADMIN_EMAIL: 'second@example.test', SEED_ADMIN_PASSWORD: 'second-password-1', SEED_COMPANY: 'Second Co' });
      const all = await db.select().from(users).orderBy(asc(users.id));
      expect(all.map((u) => u.email)).toEqual(['owner@example.test', 'second@example.test']);
      expect(all[1]!.accountId).not.toBe(all[0]!.accountId);
      expect(all[1]!.userType).toBe(3);
      const [second] = await db.select().from(accounts).where(eq(accounts.id, all[1]!.accountId));
      expect(second!.company).toBe('Second Co');
      const grants = await db.select().from(licenseLedger).where(eq(licenseLedger.accountId, second!.id));
      expect(grants).toHaveLength(ALL_PRODUCT_IDS.length);

      await seed(database, { SEED_ADMIN_EMAIL: 'second@example.test', SEED_ADMIN_PASSWORD: 'second-password-1' });
      expect(await db.select().from(users)).toHaveLength(2);

      await expect(seed(database, { SEED_ADMIN_EMAIL: 'third@example.test', SEED_ADMIN_PASSWORD: 'short' })).rejects.toThrow(/SEED_ADMIN_PASSWORD/);
      expect(await db.select().from(users)).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });

  it('adds the demo accounts and users once', async () => {
    const database = await createTestDatabase(kind);
    try {
      const lines = await seed(database, { DEMO: '1' });
      expect(lines.join('\n')).toContain('staff@demo.riskatlas.local');
      await seed(database, { DEMO: '1' });
      const { db } = database;
      const rows = await db.select({ email: users.email, userType: users.userType, company: accounts.company, isProvider: accounts.isProvider, hash: users.passwordHash }).from(users).innerJoin(accounts, eq(accounts.id, users.accountId)).orderBy(asc(users.id));
      expect(rows.map((r) => [r.email, r.userType, r.company, r.isProvider])).toEqual([
        ['admin@riskatlas.local', 3, 'My Company', false],
        ['admin@demo.riskatlas.local', 3, 'Demo Retail Co', false],
        ['readonly@demo.riskatlas.local', 1, 'Demo Retail Co', false],
        ['standard@demo.riskatlas.local', 2, 'Demo Retail Co', false],
        ['staff@demo.riskatlas.local', 4, 'RiskAtlas Support', true],
      ]);
      for (const row of rows.slice(1)) expect(await verifyPassword(row.hash!, DEMO_PASSWORD)).toBe(true);
      expect(await db.select().from(accounts)).toHaveLength(3);

      // The demo library: every store placed in its country, reports ordered and paid for, once.
      const [demo] = await db.select().from(accounts).where(eq(accounts.company, 'Demo Retail Co'));
      const library = await db.select().from(sites).where(eq(sites.accountId, demo!.id)).orderBy(asc(sites.siteId));
      expect(library).toHaveLength(DEMO_PORTFOLIO.length);
      const countryIds = new Map<string, number>(COUNTRIES.map((country) => [country.iso3, country.countryId]));
      expect(library.map((site) => site.countryId)).toEqual(DEMO_PORTFOLIO.map((site) => countryIds.get(site.countryCode)));
      const ordered = DEMO_PORTFOLIO.filter((site) => site.report !== 'none').length;
      const demoReports = await db.select().from(reports).where(eq(reports.accountId, demo!.id));
      expect(demoReports).toHaveLength(ordered);
      expect(demoReports.filter((report) => report.reportType === ReportType.PremiumPlus)).toHaveLength(DEMO_PORTFOLIO.filter((site) => site.report === 'premiumPlus').length);
      expect(library.filter((site) => site.l !== null)).toHaveLength(ordered);
      const debits = await db.select().from(licenseLedger).where(eq(licenseLedger.accountId, demo!.id));
      expect(debits.filter((row) => row.quantity < 0).reduce((sum, row) => sum - row.quantity, 0)).toBe(ordered);
      expect(await db.select().from(siteComments).where(eq(siteComments.accountId, demo!.id))).toHaveLength(3);
      // Seeding again (the second run above) added nothing.
      expect(lines.join('\n')).toContain(`Demo data: ${DEMO_PORTFOLIO.length} sites and ${ordered} reports`);
    } finally {
      await database.drop();
    }
  });

  it('fills the demo library without reports when the licences are too few, and says so', async () => {
    const database = await createTestDatabase(kind);
    try {
      const lines = await seed(database, { DEMO: '1', SEED_LICENSES: '2' });
      expect(lines.join('\n')).toContain('Demo data: reports not created (');
      const [demo] = await database.db.select().from(accounts).where(eq(accounts.company, 'Demo Retail Co'));
      expect(await database.db.select().from(sites).where(eq(sites.accountId, demo!.id))).toHaveLength(DEMO_PORTFOLIO.length);
      expect(await database.db.select().from(reports).where(eq(reports.accountId, demo!.id))).toHaveLength(0);
    } finally {
      await database.drop();
    }
  });
});
