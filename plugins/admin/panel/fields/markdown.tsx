// Markdown (richtext): a textarea with a toolbar that wraps the selection, Ctrl/Cmd+B, I and K,
// and a preview built as elements from markdown-render.ts's tree, never as HTML. Ctrl+S and
// Ctrl+Enter are left to the edit view (save, publish).
import type { JSX, TargetedKeyboardEvent } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { described, FieldFrame } from './index.js';
import { formatMarkdown, type MdAction } from './markdown-format.js';
import { parseMarkdown, safeHref, safeImage, type MdBlock, type MdInline } from './markdown-render.js';
import { ToolButton } from './rt-button.js';
import { inputId, type FieldProps } from './types.js';

const ACTIONS: Array<[MdAction, string, string, string?]> = [
  ['bold', 'B', 'Bold', 'Ctrl+B'], ['italic', 'I', 'Italic', 'Ctrl+I'], ['heading', 'H', 'Heading'], ['link', '🔗', 'Link', 'Ctrl+K'],
  ['bullets', '•', 'Bulleted list'], ['numbers', '1.', 'Numbered list'], ['quote', '❝', 'Quote'], ['code', '</>', 'Code'],
];
const SHORTCUTS: Record<string, MdAction> = { b: 'bold', i: 'italic', k: 'link' };

export function MarkdownField(p: FieldProps) {
  const error = p.errors.get(p.path);
  const [preview, setPreview] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const text = typeof p.value === 'string' ? p.value : '';
  const id = inputId(p.path);

  const apply = (action: MdAction) => {
    const el = area.current;
    if (!el || p.disabled) return;
    const edit = formatMarkdown(el.value, el.selectionStart, el.selectionEnd, action);
    el.focus();
    el.setSelectionRange(edit.from, edit.to);
    // insertText joins the browser's undo history and fires input; setRangeText is the fallback
    if (!document.execCommand('insertText', false, edit.insert) || el.value.slice(edit.from, edit.from + edit.insert.length) !== edit.insert) {
      el.setRangeText(edit.insert, edit.from, edit.to, 'end');
      p.onChange(p.path, el.value || null);
    }
    el.setSelectionRange(edit.select[0], edit.select[1]);
  };

  const onKeyDown = (e: TargetedKeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const action = SHORTCUTS[e.key.toLowerCase()];
    if (action) { e.preventDefault(); apply(action); }
  };

  return (
    <FieldFrame path={p.path} label={p.label} required={p.attribute.required} error={error}>
      <div class="rt-toolbar" role="toolbar" aria-label={`${p.label}: formatting`} aria-controls={id}>
        {ACTIONS.map(([action, icon, label, keys]) => (
          <ToolButton key={action} icon={icon} name={keys ? `${label} (${keys})` : label} disabled={p.disabled || preview}
            onMouseDown={(e) => e.preventDefault()} onClick={() => apply(action)} />
        ))}
        <span class="rt-separator" />
        <button type="button" class="rt-button rt-wide" aria-pressed={preview} aria-controls={preview ? `${id}-preview` : undefined} onClick={() => setPreview(!preview)}>Preview</button>
      </div>
      <textarea {...described(p.path, error)} ref={area} class="rt-markdown" rows={10} value={text} disabled={p.disabled} hidden={preview}
        onInput={(e) => p.onChange(p.path, e.currentTarget.value || null)} onKeyDown={onKeyDown} />
      {preview ? (
        <div class="rt-preview" id={`${id}-preview`} role="region" aria-label={`${p.label}: preview`} tabIndex={0}>
          {text.trim() ? <MarkdownView source={text} /> : <p class="muted">Nothing to preview.</p>}
        </div>
      ) : null}
    </FieldFrame>
  );
}

export function MarkdownView({ source }: { source: string }) {
  return <>{parseMarkdown(source).map((b, i) => <Block key={i} block={b} />)}</>;
}

function Block({ block: b }: { block: MdBlock }): JSX.Element {
  switch (b.t) {
    case 'h': {
      const H = `h${b.level}` as 'h1';
      return <H>{inlines(b.c)}</H>;
    }
    case 'p': return <p>{inlines(b.c)}</p>;
    case 'pre': return <pre><code class={b.lang ? `language-${b.lang.replace(/[^\w-]/g, '')}` : undefined}>{b.v}</code></pre>;
    case 'quote': return <blockquote>{b.c.map((c, i) => <Block key={i} block={c} />)}</blockquote>;
    case 'hr': return <hr />;
    case 'list': {
      const items = b.items.map((item, i) => <li key={i}>{item.length === 1 && item[0]!.t === 'p' ? inlines(item[0]!.c) : item.map((c, j) => <Block key={j} block={c} />)}</li>);
      return b.ordered ? <ol start={b.start === 1 ? undefined : b.start}>{items}</ol> : <ul>{items}</ul>;
    }
  }
}

function inlines(list: MdInline[]): JSX.Element[] {
  return list.map((n, i) => <Inline key={i} node={n} />);
}

function Inline({ node: n }: { node: MdInline }): JSX.Element {
  switch (n.t) {
    case 'text': return <>{n.v}</>;
    case 'br': return <br />;
    case 'code': return <code>{n.v}</code>;
    case 'strong': return <strong>{inlines(n.c)}</strong>;
    case 'em': return <em>{inlines(n.c)}</em>;
    case 'del': return <del>{inlines(n.c)}</del>;
    case 'link': {
      const href = safeHref(n.href);
      // An address of another kind (javascript:, data:…) shows as its text, not as a link
      return href ? <a href={href} target="_blank" rel="noopener noreferrer nofollow">{inlines(n.c)}</a> : <span class="rt-unsafe" title="Not a web address: not linked">{inlines(n.c)}</span>;
    }
    case 'img': {
      const src = safeImage(n.src, location.origin);
      if (src) return <img src={src} alt={n.alt} />;
      // Images from elsewhere are not loaded (the panel's CSP would block them): a link instead
      const href = /^https?:/i.test(n.src.trim()) ? safeHref(n.src) : undefined;
      return href ? <a href={href} target="_blank" rel="noopener noreferrer nofollow">{n.alt || href}</a> : <>{n.alt}</>;
    }
  }
}
