// What the plugin's operations share: settings and the services built from them at register time.

import type { OperationCall, PluginApi } from '../../core/index.js';
import { createEmailProvider, spendAuthBudgets, type AuthLimits, type EmailProvider } from '../../core/index.js';
import { renderEmail, type TemplateName, type TemplateValues } from './email-templates.js';
import { JwtService } from './jwt.js';
import { Permissions } from './permissions.js';
import type { UpSettings } from './settings.js';
import { Users } from './users.js';

export class UpContext {
  readonly users: Users;
  readonly permissions: Permissions;
  readonly email: EmailProvider;
  #jwt?: JwtService;
  readonly #limits: AuthLimits;
  readonly #pending = new Set<Promise<void>>();

  constructor(readonly api: PluginApi, readonly settings: UpSettings) {
    this.users = new Users(api);
    this.permissions = new Permissions(api, settings.permissionCacheTtl);
    this.email = createEmailProvider(settings.email.provider, settings.email.smtp, api.logger, api.config.server.environment === 'production', 'users-permissions');
    const { interval, max, maxPerAddress, store } = settings.rateLimit;
    this.#limits = { interval, max, maxPerAddress, store: store ?? api.rateLimitStore };
  }

  /** Set at bootstrap, once the secret is resolved. */
  set jwt(service: JwtService) { this.#jwt = service; }
  get jwt(): JwtService {
    if (!this.#jwt) throw new Error('users-permissions: JWT service used before bootstrap');
    return this.#jwt;
  }

  /** Runs work after the answer is sent, so the answer cannot tell by its timing whether the work
   *  was needed (forgot-password for a known address). Failures are logged; `settle` waits for it. */
  afterResponse(label: string, work: () => Promise<void>): void {
    // setImmediate: after the surface has written the answer (a synchronous SQLite driver would
    // otherwise run the work before it)
    const task = new Promise<void>((resolve) => setImmediate(resolve)).then(work).catch((err: unknown) => {
      this.api.logger.error(`[users-permissions] ${label} failed: ${(err as Error).message}`);
    }).finally(() => { this.#pending.delete(task); });
    this.#pending.add(task);
  }

  /** Waits for work started by afterResponse (before the database closes). */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /** Sends the configured template's message, without making the request wait on the mail
   *  server (and so without timing leaks). */
  sendEmail<N extends TemplateName>(template: N, to: string, values: TemplateValues<N>): void {
    const { templates, from } = this.settings.email;
    this.email.send({ to, ...renderEmail(templates[template], values, from) }).catch((err: unknown) => {
      this.api.logger.error(`[users-permissions] could not send email: ${(err as Error).message}`);
    });
  }

  /** One budget per identifier, operation and client address, and one per operation and client
   *  address across identifiers (rate-limit.ts). The address is the one the surface saw: the
   *  socket's, or X-Forwarded-For's only when server.proxy trusts it. */
  async rateLimit(call: OperationCall, operation: string, identifier: unknown): Promise<void> {
    if (!this.settings.rateLimit.enabled) return;
    await spendAuthBudgets(this.#limits, operation, call.ip, identifier);
  }
}
