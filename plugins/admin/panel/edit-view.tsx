// One document's edit view: the form laid out as the type's configuration says, and what draft
// and publish and i18n add (save, publish, unpublish, discard, the published version, locales).
// The editor's work is not lost: leaving asks first, the form is kept in this browser until it is
// saved, and a write that someone else's write overtook (409) shows both versions.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiError, type Query } from './api.js';
import { backupKey } from './backup.js';
import { ConflictDialog } from './conflict.js';
import { Field } from './fields/index.js';
import { HistoryPanel } from './history.js';
import type { FormContext } from './fields/types.js';
import { inputId } from './fields/types.js';
import { defaults, setAt, toBody, type Doc } from './form.js';
import { pathOf } from './layout.js';
import { addLeaveGuard, here, href, navigate, onLinkClick } from './router.js';
import { can, configurationOf, displayName, fieldsFor, hasDrafts, isLocalized, isSystem, localesFor, type Configuration, type ContentType, type Schema } from './schema.js';
import { useStore } from './store.js';
import { Button, Dialog, ErrorBox, notify, Spinner, StatusBadge } from './ui.js';

interface Answer { data: Doc; meta?: { availableLocales?: Doc[]; availableStatus?: Doc[] } }
type Action = 'save' | 'publish' | 'unpublish' | 'discard' | 'delete';


export function EditView({ uid, documentId, single, schema: s }: { uid: string; documentId?: string; single?: boolean; schema: Schema }) {
  const ct = s.contentTypes.find((t) => t.uid === uid);
  const { query } = useStore(here);
  const locales = ct && isLocalized(ct) ? localesFor(s, 'read', uid) : [];
  const locale = query.get('locale') ?? locales.find((l) => l.isDefault)?.code ?? locales[0]?.code;
  const [config, setConfig] = useState<Configuration>();
  /** The version on the server (null: none yet in this locale), as last read or written. */
  const [doc, setDoc] = useState<Doc | null>();
  const [value, setValue] = useState<Doc>();
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState<Action>();
  const [conflict, setConflict] = useState<{ mine: Doc; theirs: Doc; updatedAt: string; action: Action }>();
  const [confirming, setConfirming] = useState<Action>();
  const [published, setPublished] = useState<Doc | null>();
  const [backup, setBackup] = useState<{ at: string; value: Doc }>();
  const [history, setHistory] = useState(false);
  const touchedRef = useRef(false);
  touchedRef.current = touched;

  const base = single ? `/content-manager/single-types/${uid}` : `/content-manager/collection-types/${uid}`;
  const url = single ? base : documentId ? `${base}/${documentId}` : undefined;
  const localeQuery: Query = locale ? { locale } : {};
  const key = backupKey(uid, single ? 'single' : documentId, locale);

  /** What the form started from: a shared attribute (localized: false) the editor left as it was
   *  is not sent, so saving one locale never rewrites, or empties, the others' values. */
  const baseRef = useRef<Doc>({});
  const show = useCallback((data: Doc | null, shared: Doc = {}) => {
    setDoc(data);
    const start = data ?? { ...(ct ? defaults(ct.attributes, s) : {}), ...shared };
    baseRef.current = start;
    setValue(start);
    setTouched(false);
    setErrors(new Map());
    setPublished(undefined);
  }, [ct, s]);

  useEffect(() => {
    configurationOf(uid).then((c) => setConfig(c.contentType), setFailure);
    if (!url) { show(null); return; }
    api.get<Answer>(url, localeQuery).then((r) => show(r.data), (e: unknown) => {
      // No version in this locale yet (or no single-type document): an empty form creates it,
      // showing the values the locales share
      if (!(e instanceof ApiError && e.status === 404)) return setFailure(e);
      if (single) return show(null);
      // A document the administrator reads in another locale gets a new version here; one they
      // read in none (another's, for an Author; or gone) is not found
      otherVersion(url, locale, ct, locales.map((l) => l.code)).then((other) => {
        if (other && ct) show(null, Object.fromEntries(sharedNames(ct).filter((n) => n in other).map((n) => [n, other[n]])));
        else setFailure(e);
      }, () => setFailure(e));
    });
  }, [uid, url, locale]);

  // A backup of the same version, left by an earlier visit that was not saved
  useEffect(() => {
    if (doc === undefined) return;
    try {
      const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as { at: string; base: string | null; value: Doc } | null;
      if (kept && kept.base === ((doc?.updatedAt as string | undefined) ?? null)) setBackup(kept);
      else if (kept) localStorage.removeItem(key);
    } catch { /* a broken backup is ignored */ }
  }, [doc, key]);

  useEffect(() => {
    if (!touched || !value) return;
    const timer = setTimeout(() => {
      try {
        // A password typed in the form is never written to the browser's storage
        const kept = Object.fromEntries(Object.entries(value).filter(([name]) => ct?.attributes[name]?.type !== 'password'));
        localStorage.setItem(key, JSON.stringify({ at: new Date().toISOString(), base: doc?.updatedAt ?? null, value: kept }));
      } catch { /* storage full or off: the guard still asks before leaving */ }
    }, 400);
    return () => clearTimeout(timer);
  }, [value, touched, key]);

  useEffect(() => addLeaveGuard(() => !touchedRef.current || confirm('Leave without saving? Your changes stay in this browser as a backup.')), []);
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => { if (touchedRef.current) e.preventDefault(); };
    addEventListener('beforeunload', onUnload);
    return () => removeEventListener('beforeunload', onUnload);
  }, []);

  const onChange = useCallback((path: string, next: unknown, options?: { silent?: boolean }) => {
    setValue((prev) => setAt(prev, path, next));
    if (!options?.silent) setTouched(true);
  }, []);

  // A single type's document has no id in the URL: the one read is the one the fields ask about
  const docId = documentId ?? (doc?.documentId as string | undefined);
  const ctx = useMemo<FormContext>(() => ({ schema: s, uid, documentId: docId, locale, rootUid: uid }), [s, uid, docId, locale]);

  const creating = !doc;
  const writeFields = fieldsFor(s, creating ? 'create' : 'update', uid);
  const readFields = fieldsFor(s, 'read', uid);
  const mayWrite = can(s, creating ? 'create' : 'update', uid, locale);
  const drafts = ct ? hasDrafts(ct) : false;

  const run = async (action: Action, options: { force?: boolean } = {}) => {
    if (!ct || !value || busy) return;
    setBusy(action);
    setErrors(new Map());
    const body = toBody(value, ct.attributes, s, writeFields);
    const before = toBody(baseRef.current, ct.attributes, s, writeFields);
    for (const name of sharedNames(ct)) if (name in body && JSON.stringify(body[name]) === JSON.stringify(before[name])) delete body[name];
    const here = (documentId: string) => href(`${pathOf(ct)}/${documentId}`, localeQuery as Record<string, string>);
    /** The save's answer, kept even when the publish after it fails (a required field a draft
     *  may leave empty): the form then holds the saved version, not a stale one. */
    let saved: Answer | undefined;
    try {
      let answer: Answer | undefined;
      if (action === 'save' || (action === 'publish' && (touched || creating))) {
        // Overwriting after a conflict: the version the editor was shown is the one replaced
        const stamp = options.force && conflict ? { updatedAt: conflict.updatedAt } : doc?.updatedAt ? { updatedAt: doc.updatedAt } : {};
        if (url) saved = await api.put<Answer>(url, { ...body, ...stamp }, localeQuery);
        else saved = await api.post<Answer>(base, body, localeQuery);
        answer = saved;
      }
      const target = url ?? `${base}/${encodeURIComponent(String(answer?.data.documentId))}`;
      if (action === 'publish') answer = await api.post<Answer>(`${target}/actions/publish`, undefined, localeQuery);
      if (action === 'unpublish') answer = await api.post<Answer>(`${target}/actions/unpublish`, undefined, localeQuery);
      if (action === 'discard') answer = await api.post<Answer>(`${target}/actions/discard`, undefined, localeQuery);
      if (action === 'delete') {
        await api.del(target, localeQuery);
        localStorage.removeItem(key);
        setTouched(false);
        touchedRef.current = false;
        notify('success', 'Deleted');
        if (single) show(null); else navigate(href(pathOf(ct), localeQuery as Record<string, string>), { force: true });
        return;
      }
      localStorage.removeItem(key);
      setBackup(undefined);
      setConflict(undefined);
      notify('success', { save: 'Saved', publish: 'Published', unpublish: 'Unpublished', discard: 'Draft discarded', delete: 'Deleted' }[action]);
      if (answer) show(answer.data);
      if (!url && answer) navigate(here(String(answer.data.documentId)), { replace: true, force: true });
    } catch (e) {
      if (saved) {
        localStorage.removeItem(key);
        setConflict(undefined);
        show(saved.data);
        notify('info', 'Saved as a draft; it was not published');
        if (!url) navigate(here(String(saved.data.documentId)), { replace: true, force: true });
      }
      if (e instanceof ApiError && e.status === 409 && e.name === 'ConflictError') {
        const d = e.details as { updatedAt: string; current: Doc };
        setConflict({ mine: value, theirs: d.current, updatedAt: d.updatedAt, action });
      } else if (e instanceof ApiError && e.fieldErrors().size) {
        const found = e.fieldErrors();
        setErrors(found);
        notify('error', `${found.size === 1 ? 'A field needs' : `${found.size} fields need`} attention`);
        requestAnimationFrame(() => document.getElementById('form-errors')?.focus());
      } else {
        notify('error', e instanceof Error ? e.message : String(e));
      }
    } finally {
      setBusy(undefined);
    }
  };

  // Ctrl/Cmd+S saves, Ctrl/Cmd+Enter publishes
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      if (e.key === 's' || e.key === 'S') { e.preventDefault(); void runRef.current('save'); }
      if (e.key === 'Enter' && drafts) { e.preventDefault(); void runRef.current('publish'); }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [drafts]);

  if (!ct) return <main class="content" id="main"><h1>Unknown content type</h1></main>;
  if (failure instanceof ApiError && failure.status === 404) {
    return <main class="content" id="main"><h1>Entry not found</h1><p>It does not exist, or your role does not let you read it.</p></main>;
  }
  if (failure) return <main class="content" id="main"><ErrorBox error={failure} /></main>;
  if (!config || !value || doc === undefined) return <main class="content" id="main"><Spinner /></main>;

  const mainField = config.settings.mainField;
  const title = (doc?.[mainField] as string | undefined) || (creating ? (single ? ct.info.displayName : 'Create an entry') : '(untitled)');
  const status = doc?.status as string | undefined;
  const localizations = (doc?.localizations ?? []) as Array<{ locale: string; status?: string }>;
  const showPublished = published !== undefined;

  const openPublished = async () => {
    if (!url) return;
    const r = await api.get<Answer>(url, { ...localeQuery, status: 'published' }).catch(() => undefined);
    setPublished(r?.data ?? null);
  };
  const fillFrom = async (from: string) => {
    if (!url) return;
    const r = await api.get<Answer>(url, { locale: from }).catch(() => undefined);
    if (!r) return notify('error', `No ${from} version to copy`);
    let next = value;
    for (const [name, attr] of Object.entries(ct.attributes)) {
      // Shared attributes hold the same value in every locale already
      if (isSystem(name, attr) || attr.type === 'relation' || attr.pluginOptions?.i18n?.localized === false || !(name in r.data)) continue;
      // Component and dynamic-zone rows belong to the other locale: copies get rows of their own
      next = setAt(next, name, attr.type === 'component' || attr.type === 'dynamiczone' ? stripIds(r.data[name]) : r.data[name]);
    }
    setValue(next);
    setTouched(true);
    notify('info', `Filled in from ${from}: check it, then save`);
  };

  const shown = showPublished ? (published ?? {}) : value;
  const rows = config.layouts.edit
    .map((row) => row.filter((cell) => ct.attributes[cell.name] && (!readFields || readFields.has(cell.name)) && config.metadatas[cell.name]?.edit.visible !== false))
    .filter((row) => row.length);

  return (
    <main class="content edit" id="main">
      <header class="page-head">
        <div>
          {single ? null : <a href={href(pathOf(ct), localeQuery as Record<string, string>)} onClick={onLinkClick} class="back">← {ct.info.displayName}</a>}
          <h1>{title}</h1>
          <p class="muted">{drafts ? <StatusBadge status={creating ? 'draft' : status} /> : null}{touched ? <span class="badge badge-unsaved">Unsaved changes</span> : null}</p>
        </div>
        <div class="actions">
          {locales.length ? (
            <label>Locale{' '}
              <select value={locale} onChange={(e) => navigate(href(single ? pathOf(ct) : `${pathOf(ct)}/${documentId ?? 'create'}`, { locale: e.currentTarget.value }))}>
                {locales.map((l) => {
                  const has = l.code === doc?.locale ? status : localizations.find((x) => x.locale === l.code)?.status;
                  return <option key={l.code} value={l.code}>{l.name || l.code}{has ? ` (${has})` : documentId ? ' (not created)' : ''}</option>;
                })}
              </select>
            </label>
          ) : null}
          {doc && docId ? <Button onClick={() => setHistory(true)}>History</Button> : null}
          {mayWrite && !showPublished ? <Button onClick={() => void run('save')} busy={busy === 'save'} title="Ctrl+S">Save</Button> : null}
          {drafts && can(s, 'publish', uid, locale) && !showPublished ? <Button variant="primary" onClick={() => void run('publish')} busy={busy === 'publish'} disabled={status === 'published' && !touched} title="Ctrl+Enter">Publish</Button> : null}
        </div>
      </header>
      {backup ? (
        <div class="banner" role="status">
          Changes from {new Date(backup.at).toLocaleString()} were not saved and are kept in this browser.{' '}
          <Button onClick={() => { setValue((v) => ({ ...v, ...backup.value })); setTouched(true); setBackup(undefined); }}>Restore them</Button>{' '}
          <Button variant="ghost" onClick={() => { localStorage.removeItem(key); setBackup(undefined); }}>Dismiss</Button>
        </div>
      ) : null}
      {creating && documentId && locales.length ? (
        <div class="banner" role="status">
          This entry has no {locale} version yet: fill it in and save to create it.{' '}
          <label>Fill in from{' '}
            <select value="" onChange={(e) => { if (e.currentTarget.value) void fillFrom(e.currentTarget.value); }}>
              <option value="">another locale…</option>
              {locales.filter((l) => l.code !== locale).map((l) => <option key={l.code} value={l.code}>{l.name || l.code}</option>)}
            </select>
          </label>
        </div>
      ) : null}
      {drafts && (status === 'published' || status === 'modified') ? (
        <div class="tabs" role="tablist" aria-label="Version">
          <button type="button" role="tab" aria-selected={!showPublished} onClick={() => setPublished(undefined)}>Draft</button>
          <button type="button" role="tab" aria-selected={showPublished} onClick={() => void openPublished()}>Published</button>
        </div>
      ) : null}
      {errors.size ? (
        <div class="error-box" id="form-errors" tabIndex={-1} role="alert">
          <p>The entry was not saved:</p>
          <ul>{[...errors].map(([path, message]) => <li key={path}><a href={`#${inputId(path)}`} onClick={(e) => { e.preventDefault(); document.getElementById(inputId(path))?.focus(); }}>{path}</a>: {message}</li>)}</ul>
        </div>
      ) : null}
      <div class="edit-layout">
        {/* Enter in a field never saves (it may be meant for a picker): Ctrl+S and the buttons do */}
        <form class="form-grid" onSubmit={(e) => e.preventDefault()} aria-label={showPublished ? 'The published version (read only)' : 'The entry'}>
          {rows.map((row, i) => (
            <div class="row" key={i}>
              {row.map((cell) => {
                const attr = ct.attributes[cell.name]!;
                const meta = config.metadatas[cell.name]?.edit;
                const disabled = showPublished || !mayWrite || meta?.editable === false || (writeFields !== undefined && !writeFields.has(cell.name));
                return (
                  <div class={`cell size-${cell.size}`} key={cell.name}>
                    <Field name={cell.name} path={cell.name} attribute={attr} value={shown[cell.name]} onChange={onChange} errors={errors}
                      disabled={disabled} label={meta?.label ?? cell.name} ctx={ctx} />
                  </div>
                );
              })}
            </div>
          ))}
        </form>
        <aside class="side" aria-label="Entry">
          <h2>Entry</h2>
          {doc ? (
            <dl class="info">
              <dt>Created</dt><dd>{fmt(doc.createdAt)}{doc.createdBy ? ` by ${displayName(doc.createdBy as Doc)}` : ''}</dd>
              <dt>Last update</dt><dd>{fmt(doc.updatedAt)}{doc.updatedBy ? ` by ${displayName(doc.updatedBy as Doc)}` : ''}</dd>
            </dl>
          ) : <p class="muted">Not saved yet.</p>}
          {doc && drafts && status !== 'draft' && can(s, 'publish', uid, locale) ? <Button onClick={() => setConfirming('unpublish')} busy={busy === 'unpublish'}>Unpublish</Button> : null}
          {doc && drafts && status === 'modified' && mayWrite ? <Button onClick={() => setConfirming('discard')} busy={busy === 'discard'}>Discard changes</Button> : null}
          {doc && can(s, 'delete', uid, locale) ? <Button variant="danger" onClick={() => setConfirming('delete')} busy={busy === 'delete'}>Delete{locale && !single ? ` this locale (${locale})` : ''}</Button> : null}
          <p class="hint">Ctrl+S saves{drafts ? ', Ctrl+Enter publishes' : ''}.</p>
        </aside>
      </div>
      {confirming ? (
        <Dialog title={{ unpublish: 'Unpublish this entry?', discard: 'Discard the draft?', delete: 'Delete this entry?', save: '', publish: '' }[confirming]} onClose={() => setConfirming(undefined)} role="alertdialog"
          footer={<><Button onClick={() => setConfirming(undefined)}>Cancel</Button><Button variant="danger" onClick={() => { const a = confirming; setConfirming(undefined); void run(a); }}>{{ unpublish: 'Unpublish', discard: 'Discard', delete: 'Delete', save: '', publish: '' }[confirming]}</Button></>}>
          <p>{{
            unpublish: `"${title}" will no longer be served by the API; its draft stays.`,
            discard: `The draft of "${title}" goes back to the published version; the changes since are lost.`,
            delete: `"${title}"${locale ? ` (${locale})` : ''} will be deleted, draft and published versions.`,
            save: '', publish: '',
          }[confirming]}</p>
        </Dialog>
      ) : null}
      {history && doc && docId ? (
        <HistoryPanel schema={s} ct={ct} documentId={docId} locale={locale} current={doc} touched={touched} onClose={() => setHistory(false)}
          onRestored={(data) => { localStorage.removeItem(key); setBackup(undefined); show(data); }} />
      ) : null}
      {conflict ? (
        <ConflictDialog attributes={ct.attributes} schema={s} mine={conflict.mine} theirs={conflict.theirs}
          onKeepMine={() => void run(conflict.action, { force: true })}
          onTakeTheirs={() => {
            setConflict(undefined);
            // Read again: the conflict's copy lacks what the edit view shows beside the fields
            if (url) void api.get<Answer>(url, localeQuery).then((r) => show(r.data), (err: unknown) => notify('error', err instanceof Error ? err.message : String(err)));
          }}
          onClose={() => setConflict(undefined)} />
      ) : null}
    </main>
  );
}

/** A localized type's attributes every locale shares (pluginOptions.i18n.localized: false). */
function sharedNames(ct: ContentType): string[] {
  if (!isLocalized(ct)) return [];
  return Object.entries(ct.attributes).filter(([name, attr]) => !isSystem(name, attr) && attr.pluginOptions?.i18n?.localized === false).map(([name]) => name);
}

/** The document in another locale the administrator reads, if any. */
async function otherVersion(url: string, locale: string | undefined, ct: ContentType | undefined, codes: string[]): Promise<Doc | undefined> {
  if (!ct || !locale || !isLocalized(ct)) return undefined;
  for (const other of codes) {
    if (other === locale) continue;
    const found = await api.get<Answer>(url, { locale: other }).catch(() => undefined);
    if (found) return found.data;
  }
  return undefined;
}

const fmt = (v: unknown) => (typeof v === 'string' ? new Date(v).toLocaleString() : '');

/** A copied value without the ids of its components (they belong to the other locale). */
function stripIds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripIds);
  if (v && typeof v === 'object' && !('url' in v)) {
    const out: Doc = {};
    for (const [k, x] of Object.entries(v)) if (k !== 'id') out[k] = stripIds(x);
    return out;
  }
  return v;
}
