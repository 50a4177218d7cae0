// A document action's event as webhooks name it (Strapi's names, so existing receivers work).

const NAMES: Readonly<Record<string, string>> = {
  create: 'entry.create',
  update: 'entry.update',
  delete: 'entry.delete',
  publish: 'entry.publish',
  unpublish: 'entry.unpublish',
  discardDraft: 'entry.draft-discard',
};

/** undefined for a plugin's own action that no webhook can listen to. */
export function eventName(action: string): string | undefined {
  return NAMES[action];
}

/** Events whose document is gone from where the event leaves it: the entry is its identity only. */
export function carriesIdentityOnly(action: string): boolean {
  return action === 'delete' || action === 'unpublish';
}
