import { describe, expect, it } from 'vitest';
import { Messages } from '../messages';
import type { TFileDownload } from '../schemas/files';
import type { TTaskStatus } from '../schemas/tasks';
import { filterFileDownloads, fileDownloadTypeName, sortFileDownloads } from './file-downloads';
import { layoutForWidth } from './layout-mode';
import { newPasswordProblem } from './password';
import { signOutNotice } from './sign-out-notice';
import { isListedTask, onTaskFinishedAction, pendingAlerts, taskDisplay, taskListRefreshInterval } from './task-notifications';

const task = (overrides: Partial<TTaskStatus>): TTaskStatus => ({
  taskStatusId: 1,
  taskStatusType: 2,
  currentStatus: 1,
  countTotal: 0,
  countCompleted: 0,
  message: null,
  detail: null,
  objectType: 0,
  objectID: null,
  seen: false,
  clicked: false,
  created: '2026-01-01T00:00:00Z',
  updated: '2026-01-01T00:00:00Z',
  ...overrides,
});

describe('layoutForWidth', () => {
  it('docks the side navigation above 1281 px only; compact below 960; mobile below 540', () => {
    expect(layoutForWidth(1282)).toEqual({ sideNav: 'docked', compact: false, mobile: false });
    expect(layoutForWidth(1281).sideNav).toBe('slideOver');
    expect(layoutForWidth(960).compact).toBe(false);
    expect(layoutForWidth(959)).toEqual({ sideNav: 'slideOver', compact: true, mobile: false });
    expect(layoutForWidth(540).mobile).toBe(false);
    expect(layoutForWidth(539).mobile).toBe(true);
  });
});

describe('task notifications', () => {
  it('refreshes every 60 s, or every 120 s after 5 idle minutes', () => {
    expect(taskListRefreshInterval(0)).toBe(60_000);
    expect(taskListRefreshInterval(5 * 60_000 - 1)).toBe(60_000);
    expect(taskListRefreshInterval(5 * 60_000)).toBe(120_000);
  });

  it('does not list types 1 and 3', () => {
    expect([1, 2, 3].map((type) => isListedTask({ taskStatusType: type }))).toEqual([false, true, false]);
  });

  it('queues unseen type-3 alerts oldest first', () => {
    const alerts = pendingAlerts([
      task({ taskStatusId: 5, taskStatusType: 3, created: '2026-01-02T00:00:00Z' }),
      task({ taskStatusId: 6, taskStatusType: 3, seen: true }),
      task({ taskStatusId: 7, taskStatusType: 2 }),
      task({ taskStatusId: 8, taskStatusType: 3, created: '2026-01-01T00:00:00Z' }),
    ]);
    expect(alerts.map((alert) => alert.taskStatusId)).toEqual([8, 5]);
  });

  it('sends non-admins to File Downloads for a completed file task (4 or 5); admins get a link', () => {
    expect(onTaskFinishedAction({ objectType: 4, currentStatus: 2 }, false)).toBe('openFileDownloads');
    expect(onTaskFinishedAction({ objectType: 5, currentStatus: 2 }, false)).toBe('openFileDownloads');
    expect(onTaskFinishedAction({ objectType: 4, currentStatus: 2 }, true)).toBe('notifyWithLink');
    expect(onTaskFinishedAction({ objectType: 4, currentStatus: -1 }, false)).toBe('showDetail');
    expect(onTaskFinishedAction({ objectType: 2, currentStatus: 2 }, false)).toBe('showDetail');
  });

  it('shows determinate progress only when countTotal > 0, and the detail when finished', () => {
    expect(taskDisplay(task({ countTotal: 0 }))).toEqual({ kind: 'running', progress: null });
    expect(taskDisplay(task({ countTotal: 2000, countCompleted: 1500 }))).toEqual({ kind: 'running', progress: 0.75, label: '1,500 of 2,000 (75%)' });
    expect(taskDisplay(task({ currentStatus: 7, countTotal: 3, countCompleted: 1 }))).toMatchObject({ kind: 'running', label: '1 of 3 (33%)' });
    expect(taskDisplay(task({ currentStatus: 2, detail: 'Done: 3 files.' }))).toEqual({ kind: 'complete', detail: 'Done: 3 files.' });
    expect(taskDisplay(task({ currentStatus: -1, detail: Messages.fileStorageError }))).toEqual({ kind: 'failed', detail: Messages.fileStorageError });
  });
});

describe('file downloads grid', () => {
  const files: TFileDownload[] = [
    { fileDownloadID: 1, filename: 'b.xlsx', fileDownloadType: 0, created: '2026-01-01T00:00:00Z', size: 10 },
    { fileDownloadID: 2, filename: 'A.zip', fileDownloadType: 2, created: '2026-03-01T00:00:00Z', size: 30 },
    { fileDownloadID: 3, filename: 'c.csv', fileDownloadType: 1, created: '2026-02-01T00:00:00Z', size: 20 },
    { fileDownloadID: 4, filename: 'd.pdf', fileDownloadType: 9, created: '2026-02-01T00:00:00Z', size: 0 },
  ];

  it('sorts by created descending by default with ties newest id first, and by other columns', () => {
    expect(sortFileDownloads(files, 'created', 'desc').map((f) => f.fileDownloadID)).toEqual([2, 4, 3, 1]);
    expect(sortFileDownloads(files, 'filename', 'asc').map((f) => f.filename)).toEqual(['A.zip', 'b.xlsx', 'c.csv', 'd.pdf']);
    expect(sortFileDownloads(files, 'size', 'desc').map((f) => f.size)).toEqual([30, 20, 10, 0]);
  });

  it('filters by file name or type name, any case', () => {
    expect(filterFileDownloads(files, 'ARCHIVE').map((f) => f.fileDownloadID)).toEqual([2]);
    expect(filterFileDownloads(files, ' .csv ').map((f) => f.fileDownloadID)).toEqual([3]);
    expect(filterFileDownloads(files, '')).toHaveLength(4);
    expect(fileDownloadTypeName(9)).toBe('Other');
  });
});

describe('new password', () => {
  it('needs 10 characters, then a matching confirmation', () => {
    expect(newPasswordProblem('123456789', '123456789')).toEqual({ field: 'password', message: Messages.passwordTooShort });
    expect(newPasswordProblem('1234567890', '1234567899')).toMatchObject({ field: 'confirmation' });
    expect(newPasswordProblem('1234567890', '1234567890')).toBeNull();
  });
});

describe('sign-out notices', () => {
  it('say why the user was signed out, and nothing when they asked', () => {
    expect(signOutNotice('userRequest')).toBeNull();
    expect(signOutNotice('expiring')).toBe(Messages.sessionExpired);
    expect(signOutNotice('maintenance')).toContain(Messages.accountMaintenanceTitle);
    for (const reason of ['readOnlyChanged', 'checkFailed', 'signedOut', 'inactivity', 'sessionLost'] as const) {
      expect(signOutNotice(reason)).toMatch(/sign in again/);
    }
  });
});
