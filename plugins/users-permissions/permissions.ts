// Roles and their permission actions: the two default roles, the grants declared in config
// (synced at start-up), and a per-process cache of each role's actions for the request path.

import { KernelError, type Ability, type PluginApi } from '../../core/index.js';
import { PERMISSION_UID, ROLE_UID } from './models.js';
import type { RoleGrants } from './settings.js';

export const UP = 'plugin::users-permissions';

/** Granted to the role of that type whatever the config says (Strapi's defaults). The auth
 *  routes anyone may call (login, register, ...) need no permission at all here. */
export const DEFAULT_GRANTS: Readonly<Record<string, readonly string[]>> = {
  public: [],
  authenticated: [`${UP}.user.me`, `${UP}.auth.changePassword`],
};

const DEFAULT_ROLES = [
  { type: 'authenticated', name: 'Authenticated', description: 'Default role given to authenticated user.' },
  { type: 'public', name: 'Public', description: 'Default role given to unauthenticated user.' },
];

export interface RoleRow { id: number; documentId: string; name: string; description: string | null; type: string }

const ROLE_FIELDS = ['name', 'description', 'type', 'createdAt', 'updatedAt'];

class SetAbility implements Ability {
  constructor(private readonly actions: ReadonlySet<string>) {}
  can(action: string): boolean { return this.actions.has(action); }
}

export class Permissions {
  readonly #cache = new Map<number, { ability: Ability; at: number }>();
  #publicRoleId?: number;

  constructor(private readonly kernel: PluginApi, private readonly ttl: number) {}

  /** Every action a permission may name: the routes' own and the extra ones they ask for. */
  knownActions(): Set<string> {
    return this.kernel.knownActions();
  }

  async roles(): Promise<RoleRow[]> {
    return await this.kernel.documents(ROLE_UID).findMany({ fields: ROLE_FIELDS, sort: 'id', source: 'internal' }) as unknown as RoleRow[];
  }

  async roleById(id: number): Promise<RoleRow | undefined> {
    return await this.kernel.documents(ROLE_UID).findFirst({ filters: { id: { $eq: id } }, fields: ROLE_FIELDS, source: 'internal' }) as unknown as RoleRow | undefined ?? undefined;
  }

  async roleByType(type: string): Promise<RoleRow | undefined> {
    return await this.kernel.documents(ROLE_UID).findFirst({ filters: { type: { $eq: type } }, fields: ROLE_FIELDS, source: 'internal' }) as unknown as RoleRow | undefined ?? undefined;
  }

  async actionsOf(roleId: number): Promise<string[]> {
    const rows = await this.kernel.documents(PERMISSION_UID).findMany({
      filters: { role: { id: { $eq: roleId } } }, fields: ['action'], sort: 'action', source: 'internal',
    });
    return rows.map((r) => String(r.action));
  }

  async ability(roleId: number | undefined): Promise<Ability> {
    if (roleId === undefined) return new SetAbility(new Set());
    const hit = this.#cache.get(roleId);
    if (hit && Date.now() - hit.at < this.ttl) return hit.ability;
    const ability = new SetAbility(new Set(await this.actionsOf(roleId)));
    this.#cache.set(roleId, { ability, at: Date.now() });
    return ability;
  }

  async publicAbility(): Promise<Ability> {
    this.#publicRoleId ??= (await this.roleByType('public'))?.id;
    return this.ability(this.#publicRoleId);
  }

  invalidate(): void {
    this.#cache.clear();
    this.#publicRoleId = undefined;
  }

  /** Replaces a role's actions (inside the caller's transaction). */
  async setActions(role: RoleRow, actions: Iterable<string>): Promise<{ added: string[]; removed: string[] }> {
    const wanted = new Set([...actions, ...(DEFAULT_GRANTS[role.type] ?? [])]);
    const docs = this.kernel.documents(PERMISSION_UID);
    const current = await docs.findMany({ filters: { role: { id: { $eq: role.id } } }, fields: ['action'], source: 'internal' });
    const have = new Set<string>();
    const removed: string[] = [];
    for (const row of current) {
      const action = String(row.action);
      if (wanted.has(action) && !have.has(action)) have.add(action);
      else {
        await docs.delete({ documentId: row.documentId, source: 'internal' });
        if (!wanted.has(action)) removed.push(action);
      }
    }
    const added = [...wanted].filter((a) => !have.has(a));
    for (const action of added) {
      await docs.create({ data: { action, role: role.documentId }, source: 'internal' });
    }
    this.invalidate();
    return { added, removed };
  }

  /** Throws naming the first action no route knows. */
  assertKnown(actions: Iterable<string>, where: (action: string) => string): void {
    const known = this.knownActions();
    for (const action of actions) {
      if (!known.has(action)) throw new KernelError('CONFIG_ERR_INVALID', `${where(action)}: unknown permission action ${action}${gone(action, known)}`);
    }
  }

  /** Throws naming the first configured action that does not exist, and where it is configured. */
  assertGrants(grants: RoleGrants | undefined): void {
    for (const [type, actions] of Object.entries(grants ?? {})) {
      this.assertKnown(actions, () => `config plugins.users-permissions.config.permissions.${type}`);
    }
  }

  /** Start-up: the default roles exist; roles named in config have exactly the configured actions
   *  (plus their defaults). Roles the config does not name keep what the REST API gave them. */
  async bootstrap(grants: RoleGrants | undefined): Promise<void> {
    this.assertGrants(grants);
    // Instances starting together would each find no role and create one: one at a time
    await this.kernel.exclusive('users-permissions roles', () => this.kernel.transaction(async () => {
      const roles = this.kernel.documents(ROLE_UID);
      for (const role of DEFAULT_ROLES) {
        if (!(await this.roleByType(role.type))) {
          await roles.create({ data: role, source: 'internal' });
          const created = await this.roleByType(role.type);
          if (created) await this.setActions(created, DEFAULT_GRANTS[role.type] ?? []);
        }
      }
      for (const [type, actions] of Object.entries(grants ?? {})) {
        let role = await this.roleByType(type);
        if (!role) {
          await roles.create({ data: { type, name: type.length >= 3 ? type : `Role ${type}`, description: '' }, source: 'internal' });
          role = await this.roleByType(type);
        }
        if (!role) continue;
        const { removed } = await this.setActions(role, actions);
        if (removed.length > 0) {
          this.kernel.logger.warn(`[users-permissions] role ${type}: removed permissions not in config: ${removed.join(', ')}`);
        }
      }
    }));
    this.invalidate();
  }
}

/** Names the usual cause when no action of the subject exists at all: its type was removed. */
function gone(action: string, known: ReadonlySet<string>): string {
  const subject = action.slice(0, action.lastIndexOf('.'));
  const siblings = [...known].filter((k) => k.startsWith(`${subject}.`)).map((k) => k.slice(subject.length + 1));
  if (subject === '') return '';
  // A misspelt action of a type that exists: what it has, and the file a new app keeps them in
  if (siblings.length) return ` (${subject} has ${siblings.sort().join(', ')}: fix it in config/permissions.ts, or wherever config/plugins.ts sets these)`;
  return ` (${subject} does not exist: if its content type was removed, remove its actions from config/permissions.ts too)`;
}
