import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, IMPORT_FILE_MAX_BYTES, IMPORT_MAX_CELL_CHARS, ImportMessages, type TImportFileInfo } from '@riskatlas/domain';
import { createTestContext, createTestUser, type TestContext, type TestUser } from '../../../../test/context';
import { testDatabaseKinds } from '../../../../test/databases';
import { multipart } from '../../../../test/multipart';
import { auditLog } from '../../../db/schema/index';
import { call } from '../../sites/sites-test-fixtures';
import { readRowsFile } from '../rows-file';
import { currentImportFile, saveImportMapping } from '../index';

const SITES_CSV = [
  'Nom du site;Adresse;Ville;Code postal;Pays;Remarques',
  'Café du Port;12 Rue du Port;Marseille;13002;FR;"Ouvert; 7j/7"',
  'Boulangerie Nord;4 Avenue Nord;Lille;59000;FR;',
  'Tienda Sur;Calle 5;Madrid;28001;ES;=HYPERLINK("http://x","y")',
].join('\r\n');

describe.each(await testDatabaseKinds())('the import file: upload and columns on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const upload = (user: TestUser, filename: string, bytes: Buffer, contentType = 'text/csv') =>
    user.request({ method: 'POST', url: '/api/sites/import/file/upload?v=1', ...multipart('file', filename, contentType, bytes) });
  const columns = (user: TestUser, query = '') => call(user, 'GET', `/api/sites/import/file/columns${query}`);
  /** The rows the processing will read: the stored rows file of the user's current file. */
  const storedRows = async (user: TestUser) => {
    const file = await currentImportFile(ctx.deps.database.db, { accountId: user.account.id, userId: user.user.id });
    const rows: string[][] = [];
    for await (const row of readRowsFile(ctx.deps.fileStore, file!.rowsKey)) rows.push(row.cells);
    return rows;
  };

  it('reads an uploaded CSV into columns, examples and suggested fields, keeps its rows, and audits the upload', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const uploaded = await upload(user, 'magasins.csv', Buffer.from(SITES_CSV, 'latin1'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const info = uploaded.json<TImportFileInfo>();
    expect(info).toMatchObject({ filename: 'magasins.csv', rowCount: 3, hasHeader: true, mapping: null });
    expect(info.warnings.join(' ')).toContain('Windows-1252');
    expect(info.columns.map((column) => column.name)).toEqual(['Nom du site', 'Adresse', 'Ville', 'Code postal', 'Pays', 'Remarques']);
    expect(info.columns[0]!.examples).toEqual(['Café du Port', 'Boulangerie Nord', 'Tienda Sur']);
    expect(info.columns[5]!.examples).toEqual(['Ouvert; 7j/7', '', '=HYPERLINK("http://x","y")']);
    expect(info.suggestedMappings).toEqual([
      { columnIndex: 0, field: 'siteName' },
      { columnIndex: 1, field: 'street' },
      { columnIndex: 2, field: 'city' },
      { columnIndex: 3, field: 'zipCode' },
      { columnIndex: 4, field: 'countryCode' },
      { columnIndex: 5, field: 'notes' },
    ]);

    const read = await columns(user);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(info);
    const rows = await storedRows(user);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual(['Tienda Sur', 'Calle 5', 'Madrid', '28001', 'ES', '=HYPERLINK("http://x","y")']);

    const audit = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, user.account.id), eq(auditLog.action, 'import.file_uploaded')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ filename: 'magasins.csv', format: 'csv', encoding: 'windows-1252', delimiter: ';', rowCount: 4 });
  });

  it('answers 404 with a message before any upload', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const response = await columns(user);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: ErrorCode.NotFound, message: ImportMessages.noFile });
  });

  it('takes the first row as data or as the header as asked', async () => {
    const user = await createTestUser(ctx, { userType: 3 });
    expect((await upload(user, 'sites.csv', Buffer.from(SITES_CSV))).statusCode).toBe(200);
    const asData = (await columns(user, '?hasHeader=false')).json<TImportFileInfo>();
    expect(asData).toMatchObject({ hasHeader: false, rowCount: 4, suggestedMappings: [] });
    expect(asData.columns.map((column) => column.name)).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4', 'Column 5', 'Column 6']);
    expect(asData.columns[0]!.examples).toEqual(['Nom du site', 'Café du Port', 'Boulangerie Nord', 'Tienda Sur']);
    const asHeader = (await columns(user, '?hasHeader=true')).json<TImportFileInfo>();
    expect(asHeader).toMatchObject({ hasHeader: true, rowCount: 3 });
    expect(asHeader.columns[0]).toEqual({ columnIndex: 0, name: 'Nom du site', examples: ['Café du Port', 'Boulangerie Nord', 'Tienda Sur'] });
  });

  it('detects a file without a header, names its columns and names the extra cells of ragged rows', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const csv = 'Acme 1\t12 Main St\tSpringfield\tIL\t62701\nAcme 2\t9 Oak Ave\tChicago\tIL\t60601\tcorner lot\n';
    const info = (await upload(user, 'export.txt', Buffer.from(csv, 'utf16le'), 'text/plain')).json<TImportFileInfo>();
    expect(info).toMatchObject({ hasHeader: false, rowCount: 2, suggestedMappings: [] });
    expect(info.columns.map((column) => column.name)).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4', 'Column 5', 'Column 6']);
    expect(info.columns[5]!.examples).toEqual(['', 'corner lot']);
    expect(info.warnings).toContain('1 row(s) have more cells than the first row (rows 2); the extra cells are kept as extra columns named "Column N".');
  });

  it('reads an XLSX upload, whatever content type the browser claims', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Stores');
    sheet.addRow(['Store Number', 'Store', 'Street', 'City', 'State', 'Zip', 'Lat', 'Long']);
    sheet.addRow([101, 'Downtown', '1 Main St', 'Chicago', 'IL', '60601', 41.88, -87.63]);
    const info = (await upload(user, 'stores.xlsx', Buffer.from(await book.xlsx.writeBuffer()), 'application/octet-stream')).json<TImportFileInfo>();
    expect(info).toMatchObject({ filename: 'stores.xlsx', hasHeader: true, rowCount: 1, warnings: [] });
    expect(info.columns.map((column) => column.examples[0])).toEqual(['101', 'Downtown', '1 Main St', 'Chicago', 'IL', '60601', '41.88', '-87.63']);
    expect(info.suggestedMappings.map((entry) => entry.field)).toEqual(['externalId', 'siteName', 'street', 'city', 'state', 'zipCode', 'latitude', 'longitude']);
  });

  it('replaces the previous file and its stored rows', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    expect((await upload(user, 'first.csv', Buffer.from(SITES_CSV))).statusCode).toBe(200);
    const first = await currentImportFile(ctx.deps.database.db, { accountId: user.account.id, userId: user.user.id });
    expect((await upload(user, 'second.csv', Buffer.from('Name,City\nA,B\n'))).statusCode).toBe(200);
    expect((await columns(user)).json()).toMatchObject({ filename: 'second.csv', rowCount: 1 });
    expect(await storedRows(user)).toEqual([['Name', 'City'], ['A', 'B']]);
    expect(await ctx.deps.fileStore.get(first!.rowsKey).catch((error: unknown) => error)).toMatchObject({ code: ErrorCode.NotFound });
    // A refused upload leaves the current file as it was.
    expect((await upload(user, 'empty.csv', Buffer.from(''))).statusCode).toBe(400);
    expect((await columns(user)).json()).toMatchObject({ filename: 'second.csv' });
    expect(await storedRows(user)).toEqual([['Name', 'City'], ['A', 'B']]);
  });

  it('offers the mapping last used for a file with the same headers', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    expect((await upload(user, 'a.csv', Buffer.from('Name,Addr,Where\nA,1 Main,Town\n'))).statusCode).toBe(200);
    const file = await currentImportFile(ctx.deps.database.db, { accountId: user.account.id, userId: user.user.id });
    const mapping = [{ columnIndex: 0, field: 'siteName' as const }, { columnIndex: 1, field: 'street' as const }, { columnIndex: 2, field: 'city' as const }];
    await saveImportMapping(ctx.deps.database.db, { accountId: user.account.id, userId: user.user.id }, file!.headerKey, mapping);
    // The same headers, spelt differently, in a new file.
    const info = (await upload(user, 'b.csv', Buffer.from('NAME;addr;WHERE\nB;2 Oak;City\n'))).json<TImportFileInfo>();
    expect(info.mapping).toEqual(mapping);
    const other = (await upload(user, 'c.csv', Buffer.from('Name,Street,City\nC,3 Elm,Village\n'))).json<TImportFileInfo>();
    expect(other.mapping).toBeNull();
  });

  it('refuses files that are not tables, with the message for each', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const refused = async (filename: string, bytes: Buffer) => {
      const response = await upload(user, filename, bytes, 'application/octet-stream');
      expect(response.statusCode).toBe(400);
      return response.json<{ message: string; field: string }>();
    };
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
    expect(await refused('legacy.xls', xls)).toMatchObject({ message: ImportMessages.legacyExcel('legacy.xls'), field: 'file' });
    expect((await refused('logo.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(64)]))).message).toBe(ImportMessages.wrongType('logo.png'));
    expect((await refused('empty.csv', Buffer.alloc(0))).message).toBe(ImportMessages.emptyFile);
    expect((await refused('header.csv', Buffer.from('Site Name,Address\n'))).message).toBe(ImportMessages.emptyFile);
    // No file: no body, a JSON body, text claiming to be JSON, a form without a file part.
    const noFiles = [
      await user.request({ method: 'POST', url: '/api/sites/import/file/upload' }),
      await user.request({ method: 'POST', url: '/api/sites/import/file/upload', payload: { file: 'Name,City' } }),
      await user.request({ method: 'POST', url: '/api/sites/import/file/upload', payload: '{"file":', headers: { 'content-type': 'application/json' } }),
      await user.request({ method: 'POST', url: '/api/sites/import/file/upload', payload: '--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } }),
    ];
    for (const noFile of noFiles) expect(noFile.statusCode, noFile.body).toBe(400);
    expect(noFiles[1]!.json()).toMatchObject({ message: ImportMessages.uploadFailed, field: 'file' });
    const badQuery = await columns(user, '?hasHeader=perhaps');
    expect(badQuery.statusCode).toBe(400);
    expect((await columns(user)).statusCode).toBe(404);
  });

  it('takes a large upload, cutting a 10 MB cell and naming where', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const csv = `Name,Notes\nBig,${'x'.repeat(10 * 1024 * 1024)}\nSmall,ok\n`;
    const response = await upload(user, 'big.csv', Buffer.from(csv));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json<TImportFileInfo>()).toMatchObject({ rowCount: 2, warnings: ['1 cell(s) hold more than 4,000 characters and were cut to that length (row 2 column 2).'] });
    expect((await storedRows(user))[1]![1]).toHaveLength(IMPORT_MAX_CELL_CHARS);
  });

  it('refuses a file above the size limit, saying the limit', async () => {
    const user = await createTestUser(ctx, { userType: 2 });
    const response = await upload(user, 'huge.csv', Buffer.alloc(IMPORT_FILE_MAX_BYTES + 1, 'a'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: ImportMessages.fileTooLarge(IMPORT_FILE_MAX_BYTES), field: 'file' });
    expect(response.json().message).toContain('50 MB');
  });

  it('refuses read-only users and users who may not create sites, without reading their file', async () => {
    const owner = await createTestUser(ctx, { userType: 3 });
    const reader = await createTestUser(ctx, { userType: 1, inAccount: owner.account });
    const refused = await upload(reader, 'sites.csv', Buffer.from(SITES_CSV));
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.connection).toBe('close');
    const denied = await createTestUser(ctx, { userType: 2, inAccount: owner.account, user: { allowCreateReports: false } });
    expect((await upload(denied, 'sites.csv', Buffer.from(SITES_CSV))).statusCode).toBe(403);
    expect((await columns(reader)).statusCode).toBe(404);
  });

  it("never shows another user's file, in the same account or another", async () => {
    const owner = await createTestUser(ctx, { userType: 2 });
    expect((await upload(owner, 'mine.csv', Buffer.from(SITES_CSV))).statusCode).toBe(200);
    const colleague = await createTestUser(ctx, { userType: 3, inAccount: owner.account });
    const stranger = await createTestUser(ctx, { userType: 3 });
    for (const other of [colleague, stranger]) {
      const response = await columns(other);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ImportMessages.noFile);
    }
    // The colleague's own upload leaves the owner's file alone.
    expect((await upload(colleague, 'theirs.csv', Buffer.from('Name,City\nA,B\n'))).statusCode).toBe(200);
    expect((await columns(owner)).json()).toMatchObject({ filename: 'mine.csv', rowCount: 3 });
  });
});
