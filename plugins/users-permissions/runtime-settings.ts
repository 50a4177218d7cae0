// Settings an administrator changes while the site runs (Strapi's "advanced settings" and email
// templates): kept in up_settings and laid over the config file's values on every instance. A
// setting the config file names is locked: the file stays the truth for it and the panel shows
// it read-only. (Strapi keeps these in its core store only, so a value changed in a config file
// or an environment variable is silently ignored once someone has saved the panel's form.)

import { KernelError, ValidationError } from '../../core/index.js';
import type { UpContext } from './context.js';
import { compileTemplateSource, templateSources, type TemplateName, type TemplateSource } from './email-templates.js';
import { SETTINGS_UID } from './models.js';

export const SETTINGS_SIGNAL = 'users-permissions.settings';

export type AdvancedKey = 'allowRegister' | 'emailConfirmation' | 'emailConfirmationRedirect' | 'resetPasswordUrl' | 'defaultRole';
export const ADVANCED_KEYS: readonly AdvancedKey[] = ['allowRegister', 'emailConfirmation', 'emailConfirmationRedirect', 'resetPasswordUrl', 'defaultRole'];
export const TEMPLATE_NAMES: readonly TemplateName[] = ['resetPassword', 'emailConfirmation'];

export type AdvancedValues = { allowRegister: boolean; emailConfirmation: boolean; emailConfirmationRedirect: string; resetPasswordUrl: string; defaultRole: string };
export interface StoredSettings { advanced: Partial<AdvancedValues>; templates: Partial<Record<TemplateName, TemplateSource>> }

const ROW = { advanced: 'advanced', templates: 'email-templates' } as const;
type Raw = Record<string, unknown>;

export class RuntimeSettings {
  /** The config file's values (or the plugin's defaults), what a cleared setting returns to. */
  readonly configured: AdvancedValues;
  readonly configuredTemplates: Record<TemplateName, TemplateSource>;
  /** Settings and templates the config file sets: read-only at run time. */
  readonly locked: ReadonlySet<AdvancedKey>;
  readonly lockedTemplates: ReadonlySet<TemplateName>;
  #stored: StoredSettings = { advanced: {}, templates: {} };

  constructor(private readonly up: UpContext, config: Raw) {
    const s = up.settings;
    this.configured = this.advanced();
    const templates = ((config.email as Raw | undefined)?.templates ?? {}) as Raw;
    this.configuredTemplates = templateSources(templates, s.codeTtl);
    this.locked = new Set(ADVANCED_KEYS.filter((k) => config[k] !== undefined));
    this.lockedTemplates = new Set(TEMPLATE_NAMES.filter((n) => templates[n] !== undefined));
  }

  /** The values in force. */
  advanced(): AdvancedValues {
    const s = this.up.settings;
    return Object.fromEntries(ADVANCED_KEYS.map((key) => [key, s[key]])) as AdvancedValues;
  }

  /** A template's source in force: the stored one, else the config file's. */
  template(name: TemplateName): TemplateSource {
    return (!this.lockedTemplates.has(name) && this.#stored.templates[name]) || this.configuredTemplates[name];
  }

  /** Reads the stored settings and applies them (at bootstrap, after a save, on another
   *  instance's signal). */
  async load(): Promise<void> {
    const rows = await this.up.api.documents(SETTINGS_UID).findMany({ fields: ['key', 'value'], source: 'internal' });
    const value = (key: string) => {
      const v = rows.find((r) => r.key === key)?.value;
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Raw : {};
    };
    const advanced = value(ROW.advanced) as Partial<AdvancedValues>;
    // A stored role deleted since (by app code, or on an instance that had not heard of the
    // save): new accounts get the file's role rather than none, and the start goes on
    if (typeof advanced.defaultRole === 'string' && !(await this.up.permissions.roleByType(advanced.defaultRole))) {
      this.up.api.logger.error(`[users-permissions] the stored default role ${advanced.defaultRole} does not exist; ${this.configured.defaultRole} is used`);
      delete advanced.defaultRole;
    }
    this.#stored = { advanced, templates: value(ROW.templates) as StoredSettings['templates'] };
    this.#apply();
  }

  /** Changes the stored values of one part: `update` gets the row as stored now, read in the
   *  write's transaction (not this instance's copy, which another instance's save may have made
   *  stale), and answers the new value. Then tells the other instances. */
  async save(part: keyof typeof ROW, update: (stored: Raw) => Raw): Promise<void> {
    const docs = this.up.api.documents(SETTINGS_UID);
    const write = () => this.up.api.transaction(async () => {
      const row = await docs.findFirst({ filters: { key: { $eq: ROW[part] } }, fields: ['key', 'value'], source: 'internal' });
      const stored = row && typeof row.value === 'object' && row.value !== null && !Array.isArray(row.value) ? row.value as Raw : {};
      const value = update(stored);
      if (row) await docs.update({ documentId: String(row.documentId), data: { value }, source: 'internal' });
      else await docs.create({ data: { key: ROW[part], value }, source: 'internal' });
    });
    // Two first saves at once: the key's unique index refuses the second create, which then finds the row
    await write().catch((err: unknown) => {
      if (err instanceof ValidationError) return write();
      throw err;
    });
    await this.load();
    await this.up.api.signals.bump(SETTINGS_SIGNAL);
  }

  #apply(): void {
    const s = this.up.settings;
    const stored = this.#stored.advanced;
    // A stored value of another type (a row edited by hand) counts as none
    const next = Object.fromEntries(ADVANCED_KEYS.map((key) => [key,
      this.locked.has(key) || typeof stored[key] !== typeof this.configured[key] ? this.configured[key] : stored[key]]));
    Object.assign(s, next as AdvancedValues);
    for (const name of TEMPLATE_NAMES) {
      const source = this.template(name);
      try {
        s.email.templates[name] = compileTemplateSource(name, source, s.codeTtl);
      } catch (err) {
        // Stored values were checked when saved; a row edited by hand falls back to the file's
        if (!(err instanceof KernelError)) throw err;
        this.up.api.logger.error(`[users-permissions] stored email template ${name} is refused (${err.message}); the configured one is used`);
        s.email.templates[name] = compileTemplateSource(name, this.configuredTemplates[name], s.codeTtl);
      }
    }
  }
}
