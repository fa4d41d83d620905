/** The accounts the end-to-end run creates: one per test file or scenario, never shared. */
export const E2E_PASSWORD = 'e2e-password-123';

export const E2E_ACCOUNTS = {
  signIn: { company: 'Northwind Stores', email: 'signin@e2e.test', standardEmail: 'signin-standard@e2e.test', account: {} },
  wrongPassword: { company: 'Contoso Banking', email: 'wrongpw@e2e.test', standardEmail: 'wrongpw-standard@e2e.test', account: {} },
  session: { company: 'Fabrikam Health', email: 'session@e2e.test', standardEmail: 'session-standard@e2e.test', account: {} },
  navigation: { company: 'Tailspin Retail', email: 'nav@e2e.test', standardEmail: 'nav-standard@e2e.test', account: { supportId: 'TS-1001' } },
  files: { company: 'Wide World Security', email: 'files@e2e.test', standardEmail: 'files-standard@e2e.test', account: {} },
  readOnly: { company: 'Litware Hospitals', email: 'readonly@e2e.test', standardEmail: 'readonly-standard@e2e.test', account: { readOnly: true } },
  banner: { company: 'Adventure Works', email: 'banner@e2e.test', standardEmail: 'banner-standard@e2e.test', account: { warningBanner: 'Scheduled maintenance on Saturday 02:00–04:00 UTC.' } },
  sites: { company: 'Blue Yonder Freight', email: 'sites@e2e.test', standardEmail: 'sites-standard@e2e.test', account: { externalIdName: 'Store Number' } },
  sitesLocked: { company: 'Coho Vineyards', email: 'sites-locked@e2e.test', standardEmail: 'sites-locked-standard@e2e.test', account: { lockLibraryViewColumns: true } },
  sitesLayout: { company: 'Fourth Coffee', email: 'sites-layout@e2e.test', standardEmail: 'sites-layout-standard@e2e.test', account: {} },
  tabs: { company: 'Graphic Design Institute', email: 'tabs@e2e.test', standardEmail: 'tabs-standard@e2e.test', account: {} },
  createReport: { company: 'Proseware Pharmacies', email: 'create-report@e2e.test', standardEmail: 'create-report-standard@e2e.test', account: {} },
  reportCandidates: { company: 'Relecloud Kiosks', email: 'report-candidates@e2e.test', standardEmail: 'report-candidates-standard@e2e.test', account: {} },
  reportUpgrade: { company: 'Trey Research Labs', email: 'report-upgrade@e2e.test', standardEmail: 'report-upgrade-standard@e2e.test', account: {} },
  reportShortfall: { company: 'Lucerne Publishing', email: 'report-shortfall@e2e.test', standardEmail: 'report-shortfall-standard@e2e.test', account: {}, licensesPerProduct: 0 },
  reportBatch: { company: 'Woodgrove Freight', email: 'report-batch@e2e.test', standardEmail: 'report-batch-standard@e2e.test', account: {} },
  map: { company: 'Margie Travel', email: 'map@e2e.test', standardEmail: 'map-standard@e2e.test', account: {} },
  mapPage: { company: 'Alpine Ski House', email: 'map-page@e2e.test', standardEmail: 'map-page-standard@e2e.test', account: {} },
  batches: { company: 'Proseware Logistics', email: 'batches@e2e.test', standardEmail: 'batches-standard@e2e.test', account: {} },
  detail: { company: 'Northwind Depots', email: 'detail@e2e.test', standardEmail: 'detail-standard@e2e.test', account: { allowBackdating: true } },
  reportModes: { company: 'Wingtip Toys', email: 'report-modes@e2e.test', standardEmail: 'report-modes-standard@e2e.test', account: {} },
  policeMap: { company: 'City Power & Light', email: 'police-map@e2e.test', standardEmail: 'police-map-standard@e2e.test', account: {} },
  reportPdf: { company: 'Consolidated Messenger', email: 'report-pdf@e2e.test', standardEmail: 'report-pdf-standard@e2e.test', account: {} },
  mapIncidents: { company: 'School of Fine Art', email: 'map-incidents@e2e.test', standardEmail: 'map-incidents-standard@e2e.test', account: {} },
  excel: { company: 'Contoso Pharmaceuticals', email: 'excel@e2e.test', standardEmail: 'excel-standard@e2e.test', account: {} },
  downloadWizard: { company: 'Bellows College', email: 'download-wizard@e2e.test', standardEmail: 'download-wizard-standard@e2e.test', account: {} },
  downloadWizardAdmin: { company: 'Lamna Healthcare', email: 'download-wizard-admin@e2e.test', standardEmail: 'download-wizard-admin-standard@e2e.test', account: {} },
  downloadWizardArchive: { company: 'VanArsdel Outfitters', email: 'download-wizard-archive@e2e.test', standardEmail: 'download-wizard-archive-standard@e2e.test', account: {} },
} as const;
export type E2eAccountKey = keyof typeof E2E_ACCOUNTS;
