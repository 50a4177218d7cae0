// A document action's event as webhooks name it (Strapi's names, so existing receivers work).

import { FILE_UID } from '../registry/media.js';

const NAMES: Readonly<Record<string, string>> = {
  create: 'entry.create',
  update: 'entry.update',
  delete: 'entry.delete',
  publish: 'entry.publish',
  unpublish: 'entry.unpublish',
  discardDraft: 'entry.draft-discard',
};

/** Media files' events are Strapi's upload plugin's, their body `{ event, createdAt, media }`. */
const MEDIA: Readonly<Record<string, string>> = { create: 'media.create', update: 'media.update', delete: 'media.delete' };

/** undefined for a plugin's own action that no webhook can listen to. */
export function eventName(action: string, uid?: string): string | undefined {
  return uid === FILE_UID ? MEDIA[action] : NAMES[action];
}

/** The key of the body that holds the document: Strapi's `entry`, `media` for a media file. */
export function entryKey(uid: string): 'entry' | 'media' {
  return uid === FILE_UID ? 'media' : 'entry';
}

/** Events whose document is gone from where the event leaves it: the entry is its identity only.
 *  A media file's delete carries the file as it was (read before it went), as Strapi's does. */
export function carriesIdentityOnly(action: string, uid?: string): boolean {
  if (uid === FILE_UID) return false;
  return action === 'delete' || action === 'unpublish';
}

/** Whether a delete's event carries the document read before it went (a media file). */
export function keepsDeletedEntry(uid: string): boolean {
  return uid === FILE_UID;
}
