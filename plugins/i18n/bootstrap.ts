// Mirrors the configured locales into the locales table at start-up.

import type { PluginApi } from '../../core/index.js';
import { LOCALE_UID, type I18nSettings } from './locales.js';

export async function syncLocales(kernel: PluginApi, settings: I18nSettings): Promise<void> {
  const api = kernel.documents(LOCALE_UID);
  // Instances starting together would each add the locales the table lacks: one at a time
  await kernel.exclusive('i18n locales', () => kernel.transaction(async () => {
    const stored = await api.findMany({ fields: ['code', 'name', 'isDefault'] });
    for (const { code, name } of settings.locales) {
      const isDefault = code === settings.defaultLocale;
      const row = stored.find((s) => s.code === code);
      if (!row) await api.create({ data: { code, name, isDefault } });
      else if (row.name !== name || row.isDefault !== isDefault) await api.update({ documentId: row.documentId, data: { name, isDefault } });
    }
    for (const row of stored) {
      if (!settings.locales.some((l) => l.code === row.code)) await api.delete({ documentId: row.documentId });
    }
  }));
}
