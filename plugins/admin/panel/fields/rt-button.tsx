// A toolbar button of the rich-text editors: a symbol on screen, a name for screen readers (as
// content, not aria-label, so the name does not have to contain the symbol).
import type { ButtonHTMLAttributes } from 'preact';

export function ToolButton(props: ButtonHTMLAttributes<HTMLButtonElement> & { icon: string; name: string }) {
  const { icon, name, class: cls, ...rest } = props;
  return (
    <button type="button" class={`rt-button${cls ? ` ${String(cls)}` : ''}`} title={name} {...rest}>
      <span aria-hidden="true">{icon}</span><span class="sr-only">{name.replace(/ \(.*/, '')}</span>
    </button>
  );
}
