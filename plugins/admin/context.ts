// What the plugin's operations share: settings, the services built from them, the email sender,
// the sign-in budgets and work done after an answer is sent.

import {
  compileTemplate, createEmailProvider, escapeHtml, KernelError, renderTemplate, spendAuthBudgets, TemplateSyntaxError,
  type AuthLimits, type ContentType, type EmailProvider, type OperationCall, type PluginApi, type TemplatePart,
} from '../../core/index.js';
import type { ModelInfo } from './ability.js';
import { AuditLog } from './history/audit-log.js';
import { isEditable } from './models.js';
import { Roles } from './roles.js';
import { Sessions } from './sessions.js';
import type { AdminSettings } from './settings.js';
import type { AccessTokens } from './tokens.js';
import { AdminUsers } from './users.js';

const RESET_VARIABLES = ['URL', 'USER.firstname', 'USER.lastname', 'USER.email'];
const RESET_TEMPLATE = {
  subject: 'Reset your password',
  text: 'Hello <%= USER.firstname %>,\n\nTo reset the password of your administrator account, open:\n<%= URL %>\n\nIf you did not ask for this, ignore this message.',
  html: '<p>Hello <%= USER.firstname %>,</p><p>To reset the password of your administrator account, open <a href="<%= URL %>"><%= URL %></a>.</p><p>If you did not ask for this, ignore this message.</p>',
};

export class AdminContext {
  readonly users: AdminUsers;
  readonly roles: Roles;
  readonly sessions: Sessions;
  readonly email: EmailProvider;
  readonly models: ModelInfo;
  readonly audit: AuditLog;
  #tokens?: AccessTokens;
  readonly #limits: AuthLimits;
  readonly #reset: Record<'subject' | 'text' | 'html', TemplatePart[]>;
  readonly #pending = new Set<Promise<void>>();

  constructor(readonly api: PluginApi, readonly settings: AdminSettings) {
    this.users = new AdminUsers(api);
    this.audit = new AuditLog(api, settings.auditLogs);
    this.roles = new Roles(api, 10_000);
    this.sessions = new Sessions(api, settings);
    this.email = createEmailProvider(settings.email.provider, settings.email.smtp, api.logger, api.config.server.environment === 'production', 'admin');
    const { interval, max, maxPerAddress, store } = settings.rateLimit;
    this.#limits = { interval, max, maxPerAddress, store: store ?? api.rateLimitStore };
    this.models = {
      editable: (uid) => {
        const model = api.registry.has(uid) ? api.registry.get(uid) : undefined;
        return model?.modelType === 'contentType' && isEditable(model as ContentType, api) ? model as ContentType : undefined;
      },
    };
    try {
      this.#reset = {
        subject: compileTemplate(RESET_TEMPLATE.subject, RESET_VARIABLES),
        text: compileTemplate(RESET_TEMPLATE.text, RESET_VARIABLES),
        html: compileTemplate(RESET_TEMPLATE.html, RESET_VARIABLES),
      };
    } catch (err) {
      if (err instanceof TemplateSyntaxError) throw new KernelError('CONFIG_ERR_INVALID', `admin: the reset-password template ${err.message}`);
      throw err;
    }
  }

  /** Set at bootstrap, once the secret is resolved. */
  set tokens(service: AccessTokens) { this.#tokens = service; }
  get tokens(): AccessTokens {
    if (!this.#tokens) throw new Error('admin: access tokens used before bootstrap');
    return this.#tokens;
  }

  /** Both sign-in budgets (per identifier and per address), unless turned off. */
  async rateLimit(call: OperationCall, operation: string, identifier: unknown): Promise<void> {
    if (!this.settings.rateLimit.enabled) return;
    await spendAuthBudgets(this.#limits, operation, call.ip, identifier);
  }

  /** Runs work after the answer is sent, so the answer cannot tell by its timing whether the work
   *  was needed (forgot-password for a known address). Failures are logged; `settle` waits. */
  afterResponse(label: string, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve)).then(work).catch((err: unknown) => {
      this.api.logger.error(`[admin] ${label} failed: ${(err as Error).message}`);
    }).finally(() => { this.#pending.delete(task); });
    this.#pending.add(task);
  }

  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  async sendResetEmail(to: string, values: { URL: string; 'USER.firstname': string; 'USER.lastname': string; 'USER.email': string }): Promise<void> {
    await this.email.send({
      to, from: this.settings.email.from,
      // A value with a line break cannot start another header line from the subject
      subject: renderTemplate(this.#reset.subject, values).replace(/[\r\n]+/g, ' '),
      text: renderTemplate(this.#reset.text, values),
      html: renderTemplate(this.#reset.html, values, escapeHtml),
    });
  }
}
