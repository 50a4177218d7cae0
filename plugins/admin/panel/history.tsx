// Content history in the edit view: the document's versions in this locale, newest first, a page
// at a time (what was done, by whom, when), one of them compared with the current draft or with
// another version, and restored when the role may update the type. A version is the content just
// before the write it lists; restoring it replaces the draft's content (the draft as it was is
// kept in the history in turn), and the links whose entries are gone are named.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Doc } from './form.js';
import { ACTION_LABEL, actorOf, ago, currentSide, listVersions, restoreVersion, when, type HistoryAction, type Missing, type Version } from './history-data.js';
import { HistoryDiff } from './history-diff.js';
import { can, configurationOf, fieldsFor, hasDrafts, type Configuration, type ContentType, type Schema } from './schema.js';
import { Button, Dialog, ErrorBox, notify, Spinner } from './ui.js';

const BEFORE: Record<HistoryAction, string> = {
  create: 'the creation', update: 'the update', publish: 'the publication', unpublish: 'the unpublication', discard: 'the discard', delete: 'the deletion', restore: 'the restore',
};

/** What a version holds, in words: "Before the update of 29/11/2026, 10:05:01 by Ada Lovelace". */
export const versionTitle = (v: Version) => `Before ${BEFORE[v.action]} of ${when(v.createdAt)} by ${actorOf(v)}`;

interface Props {
  schema: Schema;
  ct: ContentType;
  documentId: string;
  locale?: string;
  /** The draft as the server last sent it. */
  current: Doc;
  /** The form holds changes not saved yet (a restore replaces them too). */
  touched: boolean;
  onRestored: (data: Doc) => void;
  onClose: () => void;
}

export function HistoryPanel(p: Props) {
  const uid = p.ct.uid;
  const [versions, setVersions] = useState<Version[]>([]);
  const [pages, setPages] = useState<{ page: number; pageCount: number; total: number }>();
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [selected, setSelected] = useState<number>();
  const [against, setAgainst] = useState<number | 'current'>('current');
  const [draft, setDraft] = useState<Doc>();
  const [labels, setLabels] = useState<{ type: Configuration; components: Record<string, Configuration> }>();
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restored, setRestored] = useState<{ version: number; missing: Missing[] }>();
  const list = useRef<HTMLOListElement>(null);

  /** A page of versions: the first replaces the list, the next ones add to it; `newer` puts the
   *  versions written since (a restore's) before those shown, keeping the pages loaded. */
  const load = async (page: number, newer = false) => {
    setLoading(true);
    try {
      const r = await listVersions(uid, p.documentId, p.locale, page);
      setVersions((prev) => {
        const fresh = r.data.filter((v) => !prev.some((x) => x.id === v.id));
        if (newer) return [...fresh.filter((v) => v.id > (prev[0]?.id ?? 0)), ...prev];
        return page === 1 ? r.data : [...prev, ...fresh];
      });
      // The pages after a refresh are counted from what is shown
      setPages((prev) => (newer && prev ? { ...r.meta.pagination, page: prev.page } : r.meta.pagination));
      setFailure(undefined);
      return r.data;
    } catch (e) {
      setFailure(e);
      return [];
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    configurationOf(uid).then((c) => setLabels({ type: c.contentType, components: c.components }), setFailure);
    void load(1).then((first) => {
      // The newest version with content is shown at once, and the focus goes to it
      const shown = first.find((v) => v.data);
      if (shown) setSelected(shown.id);
      requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(shown ? `[data-version="${shown.id}"]` : 'button')?.focus());
    });
  }, [uid, p.documentId, p.locale]);

  // The current draft, its links loaded, once a comparison needs it (again after a restore)
  useEffect(() => {
    if (against !== 'current') return;
    let stop = false;
    setDraft(undefined);
    currentSide(p.schema, uid, p.current, p.locale).then((d) => { if (!stop) setDraft(d); }, setFailure);
    return () => { stop = true; };
  }, [p.current, against === 'current']);

  const version = versions.find((v) => v.id === selected);
  const other = against === 'current' ? undefined : versions.find((v) => v.id === against);
  const mayRestore = can(p.schema, 'update', uid, p.locale);
  /** What a restore replaces: the draft, or the entry itself for a type without drafts. */
  const target = hasDrafts(p.ct) ? 'draft' : 'entry';

  const select = (v: Version) => {
    setSelected(v.id);
    setRestored(undefined);
    if (against === v.id) setAgainst('current');
  };

  const restore = async () => {
    if (!version) return;
    setConfirming(false);
    setRestoring(true);
    try {
      const r = await restoreVersion(version);
      p.onRestored(r.data);
      setRestored({ version: version.id, missing: r.meta?.missingRelations ?? [] });
      notify('success', 'Version restored');
      await load(1, true);
    } catch (e) {
      notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      setRestoring(false);
    }
  };

  /** An attribute's label; a path into a component keeps its rest ("blocks.0.person"). */
  const label = (path: string) => { const [name = '', ...rest] = path.split('.'); return [labels?.type.metadatas[name]?.edit.label || name, ...rest].join('.'); };
  const right = against === 'current' ? (draft ? { title: `Current ${target}`, data: draft } : undefined) : other?.data ? { title: versionTitle(other), data: other.data } : undefined;

  return (
    <>
      <Dialog title="History" class="history-panel" onClose={p.onClose}>
        <div class="history-layout">
          <section class="history-versions" aria-labelledby="history-versions-title">
            <h3 id="history-versions-title">Versions{p.locale ? ` (${p.locale})` : ''}</h3>
            <p class="hint">Each version is the content just before the change it lists.</p>
            {failure ? <ErrorBox error={failure} /> : null}
            {pages && !versions.length ? <p class="muted">No version recorded yet.</p> : null}
            <ol class="history-list" ref={list}>
              {versions.map((v) => (
                <li key={v.id}>
                  <button type="button" class="history-version" data-version={v.id} aria-current={v.id === selected ? 'true' : undefined} onClick={() => select(v)}>
                    <span class="history-action">{ACTION_LABEL[v.action] ?? v.action}{v.status === 'published' ? <span class="muted"> (published version)</span> : null}</span>
                    <span class="history-who">{actorOf(v)}</span>
                    <time dateTime={v.createdAt} title={when(v.createdAt)}>{ago(v.createdAt)}<span class="sr-only">, {when(v.createdAt)}</span></time>
                  </button>
                </li>
              ))}
            </ol>
            {loading ? <Spinner /> : null}
            {pages && pages.page < pages.pageCount ? <Button onClick={() => void load(pages.page + 1)} busy={loading}>Load more</Button> : null}
            {pages ? <p class="hint">{versions.length} of {pages.total} shown</p> : null}
          </section>
          <section class="history-compare" aria-label="Comparison">
            {!version ? <p class="muted">Choose a version to see what it held.</p> : !version.data ? (
              <>
                <h3>{versionTitle(version)}</h3>
                <p>{version.action === 'create' ? 'Nothing existed before this entry was created' : version.action === 'publish' ? 'No published version existed before this publication' : 'This version holds no content'}: there is nothing to compare or restore.</p>
              </>
            ) : (
              <>
                <div class="history-tools">
                  <label>Compare with{' '}
                    <select value={String(against)} onChange={(e) => { const v = e.currentTarget.value; setAgainst(v === 'current' ? 'current' : Number(v)); }}>
                      <option value="current">the current {target}</option>
                      {versions.filter((v) => v.data && v.id !== version.id).map((v) => <option key={v.id} value={String(v.id)}>{versionTitle(v)}</option>)}
                    </select>
                  </label>
                  {/* Not disabled while it runs: the focus, back on it from the confirmation, stays */}
                  {mayRestore ? <Button variant="primary" onClick={() => { if (!restoring) setConfirming(true); }} aria-busy={restoring || undefined}>Restore this version</Button> : null}
                </div>
                {restored?.version === version.id ? (
                  <div class="history-restored" role="status">
                    <p>Restored: the {target} now holds this version's content.</p>
                    {restored.missing.length ? (
                      <>
                        <p>These links were left out, what they linked no longer exists:</p>
                        <ul>{restored.missing.map((m, i) => <li key={i}>{label(m.attribute)}: {m.documentId ?? `file ${String(m.fileId)}`}</li>)}</ul>
                      </>
                    ) : null}
                  </div>
                ) : null}
                {labels && right ? (
                  <HistoryDiff schema={p.schema} ct={p.ct} config={labels} readable={fieldsFor(p.schema, 'read', uid)}
                    left={{ title: versionTitle(version), data: version.data }} right={right}
                    recorded={version.schema ?? {}} removed={version.meta?.unknownAttributes?.removed ?? []} added={version.meta?.unknownAttributes?.added ?? []} />
                ) : <Spinner />}
              </>
            )}
          </section>
        </div>
      </Dialog>
      {confirming && version ? (
        <Dialog title="Restore this version?" role="alertdialog" onClose={() => setConfirming(false)}
          footer={<><Button onClick={() => setConfirming(false)}>Cancel</Button><Button variant="danger" onClick={() => void restore()}>Restore</Button></>}>
          <p>The {target}'s content is replaced by this version's: {versionTitle(version)}.{p.touched ? ' The changes in the form that are not saved are lost too.' : ''}</p>
          <p>The {target} as it is now stays in the history. Links to entries that no longer exist are left out.</p>
        </Dialog>
      ) : null}
    </>
  );
}
