// Two versions of a document side by side, attribute by attribute with the edit view's labels:
// the changed ones first and marked, the unchanged ones folded, the attributes the type no longer
// has apart (those it gained since are not compared). Components and dynamic zones show their
// fields (a changed one marked), relations and media their labels, with the linked entries or
// files that no longer exist counted as missing.
import type { ComponentChildren } from 'preact';
import type { Doc } from './form.js';
import { itemLabel, listed, same, scalarText, SKIPPED } from './history-data.js';
import type { Attribute, Configuration, ContentType, Schema } from './schema.js';
import { isSystem } from './schema.js';

export interface Side { title: ComponentChildren; data: Doc }

interface Labels { type: Configuration; components: Record<string, Configuration> }

export function HistoryDiff(props: { schema: Schema; ct: ContentType; config: Labels; readable?: Set<string>; left: Side; right: Side; recorded: Record<string, Attribute>; removed: string[]; added: string[] }) {
  const { ct, config, left, right } = props;
  const layout = config.type.layouts.edit.flat().map((c) => c.name);
  const names = [...new Set([...layout, ...Object.keys(ct.attributes)])]
    .filter((n) => ct.attributes[n] && !SKIPPED.has(n) && !isSystem(n, ct.attributes[n]!) && (!props.readable || props.readable.has(n)));
  const label = (n: string) => config.type.metadatas[n]?.edit.label || n;
  // Attributes added to the type since the version was recorded: nothing to compare
  const changed = names.filter((n) => !props.added.includes(n) && !same(ct.attributes[n], left.data[n], right.data[n]));
  const unchanged = names.filter((n) => !changed.includes(n));
  // Recorded then, gone from the type since (what the current draft holds beside its attributes is not)
  const gone = [...new Set([...props.removed, ...Object.keys(props.recorded)])]
    .filter((n) => !ct.attributes[n] && !SKIPPED.has(n) && (n in left.data || n in right.data));
  const ctx: Ctx = { schema: props.schema, components: config.components, mainFields: config.type.metadatas };

  const head = (
    <thead><tr><th scope="col">Field</th><th scope="col">{left.title}</th><th scope="col">{right.title}</th></tr></thead>
  );
  const row = (n: string, attr: Attribute | undefined, mark: boolean) => (
    <tr key={n} class={mark ? 'changed' : undefined}>
      <th scope="row">{ct.attributes[n] ? label(n) : n}{mark ? <span class="history-mark">Changed</span> : null}</th>
      <td>{props.added.includes(n) ? <span class="muted">(not in this version)</span> : <Value attr={attr} v={left.data[n]} other={right.data[n]} name={n} ctx={ctx} />}</td>
      <td><Value attr={attr} v={right.data[n]} other={left.data[n]} name={n} ctx={ctx} /></td>
    </tr>
  );

  return (
    <div class="history-diff">
      <h3>{changed.length ? `${changed.length} changed field${changed.length === 1 ? '' : 's'}` : 'No field differs'}</h3>
      {changed.length ? <table class="history-table">{head}<tbody>{changed.map((n) => row(n, ct.attributes[n], true))}</tbody></table> : null}
      {unchanged.length ? (
        <details class="history-same">
          <summary>{unchanged.length} unchanged field{unchanged.length === 1 ? '' : 's'}</summary>
          <table class="history-table">{head}<tbody>{unchanged.map((n) => row(n, ct.attributes[n], false))}</tbody></table>
        </details>
      ) : null}
      {gone.length ? (
        <section class="history-gone" aria-label="No longer in the content type">
          <h3>No longer in the content type</h3>
          <table class="history-table">{head}<tbody>{gone.map((n) => row(n, props.recorded[n], false))}</tbody></table>
        </section>
      ) : null}
    </div>
  );
}

interface Ctx { schema: Schema; components: Record<string, Configuration>; mainFields: Record<string, { edit: { mainField?: string } }> }

const EMPTY = <span class="muted">(empty)</span>;

/** One side's value of an attribute (or of a component's field). */
function Value({ attr, v, other, name, ctx, uid }: { attr: Attribute | undefined; v: unknown; other: unknown; name: string; ctx: Ctx; uid?: string }) {
  switch (attr?.type) {
    case 'relation': case 'media': {
      const l = listed(v);
      if (!l) return <span class="muted">(not loaded)</span>;
      if (!l.results.length && !l.missing) return EMPTY;
      const main = uid ? ctx.components[uid]?.metadatas[name]?.edit.mainField : ctx.mainFields[name]?.edit.mainField;
      return (
        <ul class="history-items">
          {l.results.map((r, i) => <li key={i}>{itemLabel(attr, r, main)}</li>)}
          {l.missing ? <li class="history-missing">{l.missing} missing ({attr.type === 'media' ? 'the file no longer exists' : 'the entry no longer exists'})</li> : null}
          {l.more ? <li class="muted">and {l.more} more</li> : null}
        </ul>
      );
    }
    case 'component': {
      if (v === null || v === undefined || (Array.isArray(v) && !v.length)) return EMPTY;
      const rows = Array.isArray(v) ? v as Doc[] : [v as Doc];
      const others = Array.isArray(other) ? other as Doc[] : [other as Doc | undefined];
      const fields = (r: Doc, o: Doc | undefined) => <Fields uid={attr.component ?? ''} v={r} other={o} ctx={ctx} />;
      return attr.repeatable ? <ol class="history-entries">{rows.map((r, i) => <li key={i}>{fields(r, others[i])}</li>)}</ol> : fields(rows[0]!, others[0]);
    }
    case 'dynamiczone': {
      if (!Array.isArray(v) || !v.length) return EMPTY;
      const others = Array.isArray(other) ? other as Doc[] : [];
      return (
        <ol class="history-entries">
          {(v as Doc[]).map((e, i) => {
            const uid = String(e.__component);
            const o = others[i]?.__component === uid ? others[i] : undefined;
            return <li key={i}><span class="history-kind">{ctx.schema.components.get(uid)?.info.displayName ?? uid}</span><Fields uid={uid} v={e} other={o} ctx={ctx} /></li>;
          })}
        </ol>
      );
    }
    default: {
      const text = scalarText(attr, v);
      return text === undefined ? EMPTY : <pre class="history-text">{text}</pre>;
    }
  }
}

/** A component's fields, those differing from the other side's marked. */
function Fields({ uid, v, other, ctx }: { uid: string; v: Doc; other: Doc | undefined; ctx: Ctx }) {
  const comp = ctx.schema.components.get(uid);
  if (!comp) return <pre class="history-text">{JSON.stringify(v, null, 2)}</pre>;
  const meta = ctx.components[uid]?.metadatas;
  return (
    <dl class="history-fields">
      {Object.entries(comp.attributes).filter(([n, a]) => !SKIPPED.has(n) && !isSystem(n, a)).map(([n, a]) => {
        const differs = !same(a, v[n], other?.[n]);
        return [
          <dt key={`${n}-t`} class={differs ? 'changed' : undefined}>{meta?.[n]?.edit.label || n}{differs ? <span class="sr-only"> (changed)</span> : null}</dt>,
          <dd key={`${n}-d`} class={differs ? 'changed' : undefined}><Value attr={a} v={v[n]} other={other?.[n]} name={n} ctx={ctx} uid={uid} /></dd>,
        ];
      })}
    </dl>
  );
}
