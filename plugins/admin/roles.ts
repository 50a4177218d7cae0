// Admin roles and their permissions: read (cached per process, dropped when any instance changes
// them), written whole per role, and the three default roles made on the first start as Strapi
// makes them: Super Admin (everything), Editor (every content type, all of it) and Author (the same,
// on the documents they created).

import type { Doc, PluginApi } from '../../core/index.js';
import { AUTHOR_CODE, CONDITIONS, EDITOR_CODE, EXPLORER, SUPER_ADMIN_CODE, type ExplorerVerb } from './actions.js';
import type { PermissionRow } from './ability.js';
import { isEditable, PERMISSION_UID, ROLE_UID } from './models.js';

export const PERMISSIONS_SIGNAL = 'admin.permissions';

export interface RoleInput { action: string; subject?: string | null; properties?: PermissionRow['properties']; conditions?: string[] }

export class Roles {
  readonly #cache = new Map<number, { rows: PermissionRow[]; at: number }>();

  constructor(private readonly api: PluginApi, private readonly ttl: number) {}

  get docs() { return this.api.documents(ROLE_UID); }
  get #permissions() { return this.api.documents(PERMISSION_UID); }

  invalidate(): void {
    this.#cache.clear();
  }

  /** The permissions of these roles, together. */
  async permissionsOf(roleIds: readonly number[]): Promise<PermissionRow[]> {
    const now = Date.now();
    const missing = roleIds.filter((id) => { const hit = this.#cache.get(id); return !hit || now - hit.at > this.ttl; });
    if (missing.length) {
      const docs = await this.#permissions.findMany({
        filters: { role: { id: { $in: missing } } }, fields: ['action', 'subject', 'properties', 'conditions'],
        populate: { role: { fields: ['id'] } },
      });
      for (const id of missing) this.#cache.set(id, { rows: [], at: now });
      for (const doc of docs) {
        const roleId = (doc.role as Doc | null)?.id;
        if (roleId !== undefined) this.#cache.get(roleId)?.rows.push(permissionRow(doc));
      }
    }
    return roleIds.flatMap((id) => this.#cache.get(id)?.rows ?? []);
  }

  async byCode(code: string): Promise<Doc | null> {
    return this.docs.findFirst({ filters: { code: { $eq: code } }, fields: ['name', 'code', 'description'] });
  }

  /** Replaces a role's permissions with these, in one transaction. */
  async setPermissions(role: Doc, permissions: readonly RoleInput[]): Promise<void> {
    await this.api.transaction(async () => {
      const old = await this.#permissions.findMany({ filters: { role: { id: { $eq: role.id } } }, fields: ['id'] });
      for (const doc of old) await this.#permissions.delete({ documentId: doc.documentId });
      if (permissions.length) {
        await this.#permissions.createMany({
          data: permissions.map((p) => ({
            action: p.action, subject: p.subject ?? null, properties: p.properties ?? {}, conditions: p.conditions ?? [], actionParameters: {}, role: role.documentId,
          })),
        });
      }
    });
  }

  /** Super Admin, Editor and Author, when no role exists yet (under a lock: instances starting
   *  together make them once). */
  async seed(): Promise<void> {
    await this.api.exclusive('admin.roles', async () => {
      if (await this.docs.count() > 0) return;
      const types = this.api.registry.contentTypes().filter((ct) => isEditable(ct, this.api));
      const content = (conditions: string[]): RoleInput[] => types.flatMap((ct) => {
        const verbs: ExplorerVerb[] = ['create', 'read', 'update', 'delete'];
        if (this.api.documents(ct.uid).hasAction('publish')) verbs.push('publish');
        return verbs.map((verb) => ({ action: EXPLORER[verb], subject: ct.uid, properties: {}, conditions }));
      });
      // Settings actions take no conditions: an Author may browse and add media, not change others'
      const media = (actions: string[]): RoleInput[] => (this.api.registry.has('plugin::upload.file') ? actions.map((action) => ({ action })) : []);
      await this.api.transaction(async () => {
        await this.docs.create({ data: { name: 'Super Admin', code: SUPER_ADMIN_CODE, description: 'Super Admins can access and manage all features and settings.' } });
        const editor = await this.docs.create({ data: { name: 'Editor', code: EDITOR_CODE, description: 'Editors can manage and publish contents including those of other users.' } });
        const author = await this.docs.create({ data: { name: 'Author', code: AUTHOR_CODE, description: 'Authors can manage the content they have created.' } });
        await this.setPermissions(editor, [...content([]), ...media(['plugin::upload.read', 'plugin::upload.assets.create', 'plugin::upload.assets.update'])]);
        await this.setPermissions(author, [...content([CONDITIONS.isCreator]), ...media(['plugin::upload.read', 'plugin::upload.assets.create'])]);
      });
    });
  }
}

export function permissionRow(doc: Doc): PermissionRow {
  const properties = typeof doc.properties === 'object' && doc.properties !== null && !Array.isArray(doc.properties) ? doc.properties as PermissionRow['properties'] : {};
  const conditions = Array.isArray(doc.conditions) ? (doc.conditions as unknown[]).filter((c): c is string => typeof c === 'string') : [];
  return { action: String(doc.action), subject: typeof doc.subject === 'string' ? doc.subject : null, properties, conditions };
}
