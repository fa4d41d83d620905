// Creates one account per end-to-end test, through the product's own account service, on the
// embedded database in the data directory given as the first argument (before the server opens
// it). Writes their sign-ins to <dataDir>/e2e-accounts.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../../apps/api/src/db/client';
import { createAccountWithAdmin, createUserInAccount } from '../../apps/api/src/features/accounts/accounts.service';
import { E2E_ACCOUNTS, E2E_PASSWORD, type E2eAccountKey } from './accounts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: seed-accounts.ts <dataDir>');
const handle = await openDatabase({ dataDir });
await migrateDatabase(handle);
const now = new Date();
const created: Record<string, { accountId: number; email: string; standardEmail: string }> = {};
for (const [key, spec] of Object.entries(E2E_ACCOUNTS) as Array<[E2eAccountKey, (typeof E2E_ACCOUNTS)[E2eAccountKey]]>) {
  const { account } = await createAccountWithAdmin(handle.db, {
    company: spec.company,
    admin: { email: spec.email, password: E2E_PASSWORD, firstName: 'Avery', lastName: 'Admin' },
    account: spec.account,
    licensesPerProduct: 'licensesPerProduct' in spec ? spec.licensesPerProduct : 100,
    now,
  });
  await createUserInAccount(handle.db, { accountId: account.id, email: spec.standardEmail, password: E2E_PASSWORD, userType: 2, firstName: 'Sam', lastName: 'Standard', now });
  created[key] = { accountId: account.id, email: spec.email, standardEmail: spec.standardEmail };
}
await handle.close();
writeFileSync(join(dataDir, 'e2e-accounts.json'), JSON.stringify(created, null, 2));
console.log(`e2e: seeded ${Object.keys(created).length} accounts`);
