import { ACTIVITY_LOG_COLUMNS, csvRow, CSV_NEWLINE } from '@riskatlas/domain';
import type { ActivityEntry } from './activity.repository';

/** The header line of the activity log CSV. */
export function activityCsvHeader(): string {
  return csvRow(ACTIVITY_LOG_COLUMNS) + CSV_NEWLINE;
}

/** "2024-05-01 13:45:10": UTC, as spreadsheets read dates. */
function utcTime(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 19);
}

/** One entry as a CSV line: every text cell goes through the formula-defusing cell writer. */
export function activityCsvLine(entry: ActivityEntry): string {
  const target = entry.targetType && entry.targetId ? `${entry.targetType}:${entry.targetId}` : (entry.targetType ?? entry.targetId ?? '');
  const detail = { ...((entry.detail ?? {}) as Record<string, unknown>), ...(entry.ip ? { ip: entry.ip } : {}) };
  const details = Object.keys(detail).length > 0 ? JSON.stringify(detail) : '';
  return csvRow([utcTime(entry.createdAt), entry.actorUserId, entry.impersonatorUserId, entry.action, target, details]) + CSV_NEWLINE;
}
