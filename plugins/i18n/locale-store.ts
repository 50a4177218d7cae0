// The locales documents may be written in, at run time. Those of config/plugins.ts are written into
// the locales table at each start (added, renamed, removed when no longer listed); those created
// through the locale operations sit beside them and stay across restarts. Each instance keeps the
// list in memory (the locale parameter of every request is checked without a query) and reads the
// table again when any instance changes it (a signal, within server.signalInterval).
//
// The default: the config's defaultLocale at the first start, and again whenever the config names
// another one than at the start before; in between, one chosen through the operations stays. Each
// config row remembers whether the config named it the default (`configured`), which is how a
// start tells a changed config from a default chosen since.

import { ApplicationError, checkBody, checkBoolean, fieldError, NotFoundError, numericId, type Doc, type PluginApi } from '../../core/index.js';
import { LOCALE_CODE, LOCALE_UID, type I18nSettings, type Locale } from './locales.js';

export const LOCALES_SIGNAL = 'i18n.locales';
/** One lock for the table's writes, on every instance: the start's sync and the operations. */
const LOCK = 'i18n locales';
const FIELDS = ['name', 'code', 'isDefault', 'configured', 'createdAt', 'updatedAt'];
const MAX_NAME = 50;

/** How a row came to be: listed by the config (and whether as its default), or made at run time. */
type Configured = 'default' | 'listed' | null;

export class LocaleStore {
  /** What the rest of the plugin reads; its fields are replaced, so a reader sees the list of one
   *  moment. Until the table is read (a build, no database), the config's. */
  readonly live: I18nSettings;
  #generation = 0;
  #reading?: Promise<void>;

  constructor(private readonly api: PluginApi, private readonly configured: I18nSettings) {
    this.live = { locales: [...configured.locales], defaultLocale: configured.defaultLocale };
  }

  get #docs() { return this.api.documents(LOCALE_UID); }

  /** Reads the table into `live`; of two reads running together, the one started last wins. */
  async reload(): Promise<void> {
    const generation = ++this.#generation;
    const read = this.#docs.findMany({ sort: 'id', fields: ['code', 'name', 'isDefault'] }).then((rows) => {
      if (generation !== this.#generation || rows.length === 0) return;
      this.live.locales = rows.map((r): Locale => ({ code: String(r.code), name: typeof r.name === 'string' && r.name ? r.name : String(r.code) }));
      this.live.defaultLocale = String((rows.find((r) => r.isDefault === true) ?? rows[0]!).code);
    });
    this.#reading = read;
    await read;
  }

  /** A reload another instance's signal asked for; failures are logged (the next one retries). */
  reloadSoon(): void {
    this.reload().catch((err: unknown) => this.api.logger.warn(`[i18n] the locales were not read again: ${(err as Error).message}`));
  }

  /** Waits for a read in flight (the kernel is stopping). */
  async settle(): Promise<void> {
    await this.#reading?.catch(() => undefined);
  }

  /** The config's locales into the table (at start-up), then the list in memory. */
  async sync(): Promise<void> {
    const { locales, defaultLocale } = this.configured;
    const docs = this.#docs;
    // Instances starting together would each add the locales the table lacks: one at a time
    await this.api.exclusive(LOCK, () => this.api.transaction(async () => {
      const stored = await docs.findMany({ fields: ['code', 'name', 'isDefault', 'configured'] });
      const before = stored.find((r) => r.configured === 'default')?.code;
      for (const { code, name } of locales) {
        const configured: Configured = code === defaultLocale ? 'default' : 'listed';
        // In any case: MariaDB's unique index would refuse pt-BR beside a pt-br made at run time
        const row = stored.find((s) => String(s.code).toLowerCase() === code.toLowerCase());
        if (!row) await docs.create({ data: { code, name, isDefault: false, configured } });
        else if (row.code !== code || row.name !== name || row.configured !== configured) await docs.update({ documentId: row.documentId, data: { code, name, configured } });
      }
      for (const row of stored) {
        const listed = locales.some((l) => l.code.toLowerCase() === String(row.code).toLowerCase());
        if (row.configured && !listed) await docs.delete({ documentId: row.documentId });
      }
      const rows = await docs.findMany({ fields: ['code', 'isDefault'] });
      if (before === defaultLocale && rows.filter((r) => r.isDefault === true).length === 1) return;
      for (const row of rows) {
        const isDefault = row.code === defaultLocale;
        if ((row.isDefault === true) !== isDefault) await docs.update({ documentId: row.documentId, data: { isDefault } });
      }
    }));
    await this.reload();
  }

  async create(raw: unknown): Promise<Doc> {
    const body = checkBody(raw, ['name', 'code', 'isDefault']);
    const code = checkCode(body.code);
    const name = body.name === undefined || body.name === null ? code : checkName(body.name);
    const isDefault = body.isDefault === undefined ? false : checkBoolean(body.isDefault, 'isDefault');
    const documentId = await this.#write(async (rows) => {
      if (rows.some((r) => String(r.code).toLowerCase() === code.toLowerCase())) throw fieldError('code', `A locale with the code ${code} already exists`);
      const made = await this.#docs.create({ data: { code, name, isDefault: false, configured: null } });
      if (isDefault) await this.#makeDefault(rows, made.documentId);
      return made.documentId;
    });
    return this.#row(documentId);
  }

  async update(id: string | undefined, raw: unknown): Promise<Doc> {
    const body = checkBody(raw, ['name', 'isDefault', 'code']);
    const name = body.name === undefined || body.name === null ? undefined : checkName(body.name);
    const isDefault = body.isDefault === undefined ? undefined : checkBoolean(body.isDefault, 'isDefault');
    const documentId = await this.#write(async (rows) => {
      const row = found(rows, id);
      if (body.code !== undefined && body.code !== row.code) throw fieldError('code', 'A locale\'s code cannot change: create another locale');
      if (name !== undefined && name !== row.name) {
        if (row.configured) throw fieldError('name', `${String(row.code)} is configured in config/plugins.ts: change its name there`);
        await this.#docs.update({ documentId: row.documentId, data: { name } });
      }
      if (isDefault === false && row.isDefault === true) throw fieldError('isDefault', 'There is always one default locale: make another one the default instead');
      if (isDefault === true && row.isDefault !== true) await this.#makeDefault(rows, row.documentId);
      return row.documentId;
    });
    return this.#row(documentId);
  }

  /** Deletes a locale made at run time. Documents written in it stay in the database, as they do
   *  when the config stops listing a locale; no request can name it any more. */
  async delete(id: string | undefined): Promise<Doc> {
    return this.#write(async (rows) => {
      const row = found(rows, id);
      if (row.isDefault === true) throw new ApplicationError('Cannot delete the default locale');
      if (row.configured) throw new ApplicationError(`${String(row.code)} is configured in config/plugins.ts: remove it there`);
      await this.#docs.delete({ documentId: row.documentId });
      return row;
    });
  }

  /** Runs a change under the lock, in a transaction, on the rows as they are. (Once it commits,
   *  the plugin's documentEvent tap reads the list again and tells the other instances.) */
  #write<T>(work: (rows: Doc[]) => Promise<T>): Promise<T> {
    return this.api.exclusive(LOCK, () => this.api.transaction(async () => work(await this.#docs.findMany({ fields: FIELDS, sort: 'id' }))));
  }

  async #row(documentId: string): Promise<Doc> {
    const row = await this.#docs.findFirst({ filters: { documentId: { $eq: documentId } }, fields: FIELDS });
    if (!row) throw new NotFoundError('Locale not found');
    return row;
  }

  async #makeDefault(rows: readonly Doc[], documentId: string): Promise<void> {
    for (const row of rows) if (row.isDefault === true) await this.#docs.update({ documentId: row.documentId, data: { isDefault: false } });
    await this.#docs.update({ documentId, data: { isDefault: true } });
  }
}

function found(rows: readonly Doc[], id: string | undefined): Doc {
  const n = numericId(id);
  const row = n === undefined ? undefined : rows.find((r) => r.id === n);
  if (!row) throw new NotFoundError('Locale not found');
  return row;
}

function checkCode(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw fieldError('code', 'code is a required field');
  if (!LOCALE_CODE.test(value) || value.length > 35) throw fieldError('code', `code must be a locale code such as en, fr or pt-BR (got ${JSON.stringify(value).slice(0, 40)})`);
  return value;
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > MAX_NAME) throw fieldError('name', `name must be 1 to ${MAX_NAME} characters`);
  return value.trim();
}
