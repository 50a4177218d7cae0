// How a write tells row scopes that it changes links of the rows it reaches, rather than reading
// them: a write from a document without versions links every version of a related document that
// the scopes let through (Strapi connects both the draft and the published row), while the write's
// response reads the related documents as any read of that status does.

import type { ScopeReach } from '../query/scopes.js';

/** The reach of a link write: the owner rows of an inverse side whose links a write changes, or
 *  the other sources a one-to-one or one-to-many target is taken from. Reads never pass it. */
export interface LinkWriteReach extends ScopeReach { readonly linkWrite: true }

export function linkWriteReach(from: ScopeReach['from'], attribute: string): LinkWriteReach {
  return { from, attribute, linkWrite: true };
}

/** Whether a row scope is asked which rows a write may link (not which rows a read shows). */
export function isLinkWrite(reach: ScopeReach | undefined): reach is LinkWriteReach {
  return reach !== undefined && (reach as Partial<LinkWriteReach>).linkWrite === true;
}
