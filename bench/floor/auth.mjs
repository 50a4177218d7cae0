// (h)'s authentication, by hand: the least an honest server does for `Authorization: Bearer <jwt>`
// with users-permissions' tokens. Parse the bearer, read the claimed user id, look the user up
// (documentId, blocked flag, token version, role) in one statement, verify the JWT with jsonwebtoken
// pinned to HS256 under the plugin's per-user key (HMAC-SHA256(secret,
// `<documentId>:token-version:<v>`)), and check the role's permission in an in-memory cache,
// reloaded after 10 s as the plugin's default TTL.
// Email confirmation is off in the example app, so `confirmed` is not checked (nor by the plugin).
// The derived key goes to jsonwebtoken as a KeyObject: handed a Buffer or a string, jsonwebtoken 9
// first tries it as a public key (crypto.createPublicKey, which throws) on every verify, about
// 1 ms of CPU per call here against some 30 µs.

import { createHmac, createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';

const PERMISSION_TTL_MS = 10_000;
const BEARER = /^\s*bearer\s+(\S+)\s*$/i;

const refusal = (status, name, message) => ({ status, body: { data: null, error: { status, name, message, details: {} } } });
const UNAUTHORIZED = refusal(401, 'UnauthorizedError', 'Missing or invalid credentials');
const FORBIDDEN = refusal(403, 'ForbiddenError', 'Forbidden');

export function createAuth(db, secret) {
  const roles = new Map();
  const keyOf = (documentId, tokenVersion) => createSecretKey(createHmac('sha256', secret).update(`${documentId}:token-version:${tokenVersion}`).digest());

  async function actionsOf(roleDocumentId) {
    const hit = roles.get(roleDocumentId);
    if (hit && Date.now() - hit.at < PERMISSION_TTL_MS) return hit.actions;
    const rows = await db.raw(`SELECT p.action FROM up_permissions p
      JOIN up_permissions_role_lnk l ON l.source_id = p.id WHERE l.target_document_id = ?`, [roleDocumentId]);
    const actions = new Set(rows.map((r) => r.action));
    roles.set(roleDocumentId, { actions, at: Date.now() });
    return actions;
  }

  /** undefined when the bearer's user may do `action`, else the refusal to send. */
  return async function authorize(header, action) {
    const token = BEARER.exec(header ?? '')?.[1];
    if (!token) return UNAUTHORIZED;
    const id = jwt.decode(token, { json: true })?.id;
    if (!Number.isSafeInteger(id) || id <= 0) return UNAUTHORIZED;
    const [user] = await db.raw(`SELECT u.document_id, u.blocked, u.token_version, l.target_document_id AS role FROM up_users u
      LEFT JOIN up_users_role_lnk l ON l.source_id = u.id WHERE u.id = ? LIMIT 1`, [id]);
    if (!user || user.blocked === 1 || user.blocked === true) return UNAUTHORIZED;
    try {
      const payload = jwt.verify(token, keyOf(user.document_id, Number(user.token_version ?? 0)), { algorithms: ['HS256'] });
      if (typeof payload !== 'object' || typeof payload.exp !== 'number') return UNAUTHORIZED;
    } catch {
      return UNAUTHORIZED;
    }
    if (!user.role || !(await actionsOf(user.role)).has(action)) return FORBIDDEN;
    return undefined;
  };
}
