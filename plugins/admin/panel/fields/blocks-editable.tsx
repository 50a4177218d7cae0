// One editable region of the blocks editor: a paragraph's, heading's, quote's or code block's
// text, or a list item's. Preact renders the element once and never diffs inside it: the browser
// edits it, and this component reads it back on each input (one block's text: cheap) and builds
// it again only when its value changes from outside (a type change, a merge, another version).
// Marks, links, Enter and Backspace go through blocks-model.ts on offsets, so the element always
// holds what renderRuns builds and the JSON follows it exactly.
import { Component } from 'preact';
import { bit, inlineToRuns, linkIn, marksIn, replace, runsText, runsToInline, setLink, slice, toggleMark, type Mark, type Node, type Run } from './blocks-model.js';
import { readRuns, renderRuns, select, selectionIn, textLength } from './blocks-dom.js';

export interface Target { key: string; path: number[] }

export interface EditorApi {
  /** The region's text changed. */
  edited(t: Target, children: Node[]): void;
  /** Enter: the text before the caret stays, the text after goes to a new block or item. */
  enter(t: Target, before: Run[], after: Run[]): void;
  /** Backspace at the start of the region. */
  backspace(t: Target, runs: Run[]): void;
  /** Ctrl/Cmd+K: the link dialog for the selection. */
  link(t: Target): void;
}

interface Props {
  target: Target;
  /** The inline children shown. */
  value: unknown[];
  /** Code: text only, no marks or links. */
  plain?: boolean;
  label: string;
  cls: string;
  disabled: boolean;
  api: EditorApi;
}

const editables = new WeakMap<Element, Editable>();
export const editableOf = (el: Element | null | undefined) => (el ? editables.get(el) : undefined);

const SHORTCUT_MARKS: Record<string, Mark> = { b: 'bold', i: 'italic', u: 'underline' };
const FORMAT_INPUTS: Record<string, Mark> = { formatBold: 'bold', formatItalic: 'italic', formatUnderline: 'underline', formatStrikeThrough: 'strikethrough' };

export class Editable extends Component<Props> {
  private el: HTMLDivElement | null = null;
  /** The JSON of what the element shows, to tell a value from outside from our own. */
  private shown = '';
  /** A mark toggled with nothing selected applies to the next text typed at that offset. */
  private pending: { marks: number; at: number } | undefined;
  /** The selection when the region last lost focus (a toolbar button or the link dialog took it). */
  lastSelection: [number, number] | undefined;

  override componentDidMount() {
    const el = this.el!;
    editables.set(el, this);
    this.show(this.props.value);
  }

  override componentWillUnmount() {
    if (this.el) editables.delete(this.el);
  }

  override shouldComponentUpdate(next: Props): boolean {
    const el = this.el;
    if (el) {
      el.setAttribute('aria-label', next.label);
      el.dataset.rtItem = next.target.path.join('.');
      el.contentEditable = next.disabled ? 'false' : 'true';
      if (JSON.stringify(next.value) !== this.shown) {
        const keep = document.activeElement === el ? selectionIn(el) : undefined;
        this.show(next.value);
        if (keep) select(el, Math.min(keep[0], textLength(el)), Math.min(keep[1], textLength(el)));
      }
    }
    return false;
  }

  private show(value: unknown[]) {
    this.shown = JSON.stringify(value);
    renderRuns(this.el!, inlineToRuns(value));
  }

  private runs(): Run[] {
    return readRuns(this.el!);
  }

  private childrenOf(runs: Run[]): Node[] {
    return this.props.plain ? [{ type: 'text', text: runsText(runs) }] : runsToInline(runs);
  }

  /** Reads the element and hands its children on. */
  commit = () => {
    if (!this.el) return;
    const children = this.childrenOf(this.runs());
    this.shown = JSON.stringify(children);
    this.props.api.edited(this.props.target, children);
  };

  /** Shows runs, selects, and hands the children on. */
  private put(runs: Run[], start: number, end = start) {
    const el = this.el!;
    renderRuns(el, runs);
    select(el, start, end);
    this.commit();
  }

  selection(): [number, number] {
    const el = this.el!;
    return selectionIn(el) ?? this.lastSelection ?? [textLength(el), textLength(el)];
  }

  /** The marks at the selection, a pending toggle included. */
  marks(): number {
    const [start, end] = this.selection();
    if (this.pending && start === end && this.pending.at === start) return this.pending.marks;
    return marksIn(this.runs(), start, end);
  }

  inLink(): string | undefined {
    const [start, end] = this.selection();
    return linkIn(this.runs(), start, end)?.url;
  }

  get plain() { return !!this.props.plain; }

  toggle(mark: Mark) {
    if (this.props.plain || this.props.disabled) return;
    const [start, end] = this.selection();
    const runs = this.runs();
    this.focus();
    if (start === end) {
      this.pending = { marks: this.marks() ^ bit(mark), at: start };
      select(this.el!, start);
      return;
    }
    this.put(toggleMark(runs, start, end, bit(mark)), start, end);
  }

  /** Links the selection (or text typed in the dialog, at the caret); url null removes the link. */
  applyLink(selection: [number, number], url: string | null, text?: string) {
    let [start, end] = selection;
    let runs = this.runs();
    if (text && start === end && url && !linkIn(runs, start, end)) {
      runs = replace(runs, start, end, [{ text, marks: marksIn(runs, start, end), extra: '' }]);
      end = start + text.length;
    }
    this.focus();
    this.put(setLink(runs, start, end, url), end);
  }

  focus(at?: number | 'end') {
    const el = this.el!;
    el.focus();
    if (at !== undefined) select(el, at === 'end' ? textLength(el) : at);
    else if (this.lastSelection) select(el, ...this.lastSelection);
  }

  private insert(text: string, marks?: number) {
    const [start, end] = this.selection();
    const runs = this.runs();
    const style = slice(runs, Math.max(start - 1, 0), Math.max(start, 1))[0];
    const run: Run = { text, marks: marks ?? marksIn(runs, start, start), extra: style?.extra ?? '', ...(style?.link && linkIn(runs, start, end) ? { link: style.link } : {}) };
    this.put(replace(runs, start, end, [run]), start + text.length);
  }

  private onKeyDown = (e: KeyboardEvent) => {
    const el = this.el!;
    if (this.props.disabled) return;
    const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
    if (mod && !e.shiftKey) {
      const mark = SHORTCUT_MARKS[e.key.toLowerCase()];
      // Ctrl+S and Ctrl+Enter go on to the edit view (save, publish): the text is already committed
      if (mark) { e.preventDefault(); this.toggle(mark); return; }
      if (e.key.toLowerCase() === 'k' && !this.props.plain) { e.preventDefault(); this.lastSelection = this.selection(); this.props.api.link(this.props.target); }
      return;
    }
    if (mod || e.altKey || e.isComposing) return;
    const sel = selectionIn(el);
    if (!sel) return;
    const [start, end] = sel;
    if (e.key === 'Enter') {
      e.preventDefault();
      const runs = this.runs();
      const text = runsText(runs);
      if (e.shiftKey || (this.props.plain && !(start === end && end === text.length && text.endsWith('\n')))) { this.insert('\n'); return; }
      // In code, Enter on an empty last line leaves the block
      const before = this.props.plain && start === text.length ? slice(runs, 0, start - 1) : slice(runs, 0, start);
      this.props.api.enter(this.props.target, before, slice(runs, end));
      return;
    }
    if (e.key === 'Backspace' && start === 0 && end === 0) {
      e.preventDefault();
      this.props.api.backspace(this.props.target, this.runs());
      return;
    }
    const length = textLength(el);
    const back = (e.key === 'ArrowUp' || e.key === 'ArrowLeft') && start === 0 && end === 0;
    const forward = (e.key === 'ArrowDown' || e.key === 'ArrowRight') && start === length && end === length;
    if (back || forward) {
      const all = [...(el.closest('.rt-blocks')?.querySelectorAll<HTMLElement>('[data-rt-region]') ?? [])];
      const next = editableOf(all[all.indexOf(el) + (back ? -1 : 1)]);
      if (next) { e.preventDefault(); next.focus(back ? 'end' : 0); }
    }
  };

  private onBeforeInput = (e: InputEvent) => {
    const mark = FORMAT_INPUTS[e.inputType];
    if (mark) { e.preventDefault(); this.toggle(mark); return; }
    if (e.inputType === 'insertParagraph' || e.inputType === 'insertLineBreak') {
      // Enter is handled on keydown; this is what a virtual keyboard sends
      e.preventDefault();
      this.insert('\n');
      return;
    }
    const sel = selectionIn(this.el!);
    if (e.inputType === 'insertText' && e.data && this.pending && sel && sel[0] === sel[1] && sel[0] === this.pending.at) {
      e.preventDefault();
      const { marks } = this.pending;
      this.pending = undefined;
      this.insert(e.data, marks);
    }
  };

  private onPaste = (e: ClipboardEvent) => {
    // Text only: what another page copied (its HTML) never enters the region
    e.preventDefault();
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (text && !this.props.disabled) this.insert(text.replace(/\r\n?/g, '\n'));
  };

  private onDrop = (e: DragEvent) => {
    e.preventDefault();
  };

  private onBlur = () => {
    // Also called while the element is being removed (its ref is null by then)
    if (this.el) this.lastSelection = selectionIn(this.el) ?? this.lastSelection;
  };

  override render() {
    const p = this.props;
    return (
      <div ref={(el) => { this.el = el; }} class={`rt-region ${p.cls}`} role="textbox" aria-multiline="true" aria-label={p.label}
        contentEditable={p.disabled ? 'false' : 'true'} spellcheck={!p.plain} data-rt-region="" data-rt-key={p.target.key} data-rt-item={p.target.path.join('.')}
        onKeyDown={this.onKeyDown} onBeforeInput={this.onBeforeInput} onInput={this.commit} onPaste={this.onPaste} onDrop={this.onDrop} onBlur={this.onBlur} />
    );
  }
}
