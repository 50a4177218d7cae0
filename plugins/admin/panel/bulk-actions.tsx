// Actions on the selected rows: the bar of what the role allows, and the confirmation that names
// what will change (and what will not) before one all-or-none request to the server.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api } from './api.js';
import { Button, Dialog, ErrorBox } from './ui.js';

export type BulkKind = 'publish' | 'unpublish' | 'delete';
export interface Selected { documentId: string; title: string; status?: string | undefined }

/** A confirmation whose button runs the action; the server's refusal stays shown in it. */
export function ConfirmAction(props: { title: string; confirm: string; danger?: boolean; run: () => Promise<void>; onClose: () => void; children: ComponentChildren }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const go = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.run();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Dialog role="alertdialog" title={props.title} onClose={props.onClose} footer={
      <>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant={props.danger ? 'danger' : 'primary'} busy={busy} onClick={() => void go()}>{props.confirm}</Button>
      </>
    }>
      {props.children}
      {error ? <ErrorBox error={error} /> : null}
    </Dialog>
  );
}

export function BulkBar(props: { count: number; allowed: BulkKind[]; onAction: (kind: BulkKind) => void; onClear: () => void }) {
  return (
    <div class="bulk-bar" role="region" aria-label="Selected entries">
      <span>{props.count} {props.count === 1 ? 'entry' : 'entries'} selected</span>
      {props.allowed.includes('publish') ? <Button onClick={() => props.onAction('publish')}>Publish</Button> : null}
      {props.allowed.includes('unpublish') ? <Button onClick={() => props.onAction('unpublish')}>Unpublish</Button> : null}
      {props.allowed.includes('delete') ? <Button variant="danger" onClick={() => props.onAction('delete')}>Delete</Button> : null}
      <Button variant="ghost" onClick={props.onClear}>Clear the selection</Button>
    </div>
  );
}

const VERB: Record<BulkKind, string> = { publish: 'Publish', unpublish: 'Unpublish', delete: 'Delete' };
const ENDPOINT: Record<BulkKind, string> = { publish: 'bulkPublish', unpublish: 'bulkUnpublish', delete: 'bulkDelete' };

/** Entries the action leaves as they are: published already, or never published. */
function unchanged(kind: BulkKind, row: Selected): string | undefined {
  if (kind === 'publish' && row.status === 'published') return 'already published: nothing changes';
  if (kind === 'unpublish' && row.status === 'draft') return 'not published: nothing changes';
  return undefined;
}

export function ConfirmBulk(props: { kind: BulkKind; rows: Selected[]; uid: string; locale: string | undefined; onDone: (count: number) => void; onClose: () => void }) {
  const { kind, rows } = props;
  const n = rows.length;
  const noun = n === 1 ? 'entry' : 'entries';
  const same = rows.filter((r) => unchanged(kind, r)).length;
  const run = async () => {
    await api.post(`/content-manager/collection-types/${props.uid}/actions/${ENDPOINT[kind]}`, { documentIds: rows.map((r) => r.documentId) }, props.locale ? { locale: props.locale } : undefined);
    props.onDone(n);
  };
  return (
    <ConfirmAction title={`${VERB[kind]} ${n} ${noun}?`} confirm={`${VERB[kind]} ${n} ${noun}`} danger={kind === 'delete'} run={run} onClose={props.onClose}>
      <p>
        {kind === 'delete' ? `These ${n} ${noun} will be deleted${props.locale ? ` (locale ${props.locale})` : ''}. This cannot be undone.`
          : `${VERB[kind]}${props.locale ? ` (locale ${props.locale})` : ''}: ${n - same} of ${n} ${noun} will change${same ? `; ${same} already ${kind === 'publish' ? 'published' : 'unpublished'}` : ''}.`}
      </p>
      <ul class="bulk-list">
        {rows.map((r) => {
          const note = unchanged(kind, r);
          return <li key={r.documentId}>{r.title || <em>(untitled)</em>}{note ? <span class="muted"> — {note}</span> : null}</li>;
        })}
      </ul>
    </ConfirmAction>
  );
}
