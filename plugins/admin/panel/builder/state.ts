// The builder's drafts, kept while the panel is open: moving between the builder's types keeps
// the unsaved changes. Edits copy the drafts they change, so a store update is seen as one.
import { createStore } from '../store.js';
import type { DraftModel } from './model.js';

export const BUILDER_PATH = '/plugins/content-type-builder';

export type Phase = 'idle' | 'restarting' | 'slow';

export interface State {
  drafts?: Map<string, DraftModel>;
  /** Whether the server writes (development with autoReload); the status route says. */
  canUpdate: boolean;
  phase: Phase;
}

export const state = createStore<State>({ canUpdate: false, phase: 'idle' });

export const edit = (fn: (drafts: Map<string, DraftModel>) => void) => state.update((s) => {
  const drafts = new Map([...(s.drafts ?? new Map<string, DraftModel>())].map(([k, m]) => [k, { ...m, attributes: m.attributes.map((a) => ({ ...a })) }]));
  fn(drafts);
  return { ...s, drafts };
});

export const pathOf = (m: { uid: string; component: boolean }) => `${BUILDER_PATH}/${m.component ? 'components' : 'content-types'}/${m.uid}`;
