// The edit view's form kept in this browser until it is saved: one localStorage entry per
// document and locale, all of them removed at logout (the next person at the browser does not
// see them).

const PREFIX = 'strata-admin:backup:';

export const backupKey = (uid: string, documentId: string | undefined, locale: string | undefined) => `${PREFIX}${uid}:${documentId ?? 'new'}:${locale ?? ''}`;

export function clearBackups(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}
