// A write that someone else's overtook: both versions side by side, field by field, and the
// editor chooses. Nothing is overwritten without that choice.
import { toBody, type Doc } from './form.js';
import type { Attribute, Schema } from './schema.js';
import { Button, Dialog } from './ui.js';

const show = (v: unknown) => (v === null || v === undefined ? '(empty)' : typeof v === 'string' ? v : JSON.stringify(v, null, 1));

export function ConflictDialog(props: { attributes: Record<string, Attribute>; schema: Schema; mine: Doc; theirs: Doc; onKeepMine: () => void; onTakeTheirs: () => void; onClose: () => void }) {
  const mine = toBody(props.mine, props.attributes, props.schema);
  const theirs = toBody({ ...props.theirs }, props.attributes, props.schema);
  const changed = Object.keys(mine).filter((k) => JSON.stringify(mine[k]) !== JSON.stringify(theirs[k]));
  return (
    <Dialog title="Someone else changed this entry" onClose={props.onClose} wide role="alertdialog"
      footer={<><Button onClick={props.onTakeTheirs}>Use their version</Button><Button variant="danger" onClick={props.onKeepMine}>Overwrite with mine</Button></>}>
      <p>It was saved by someone else since you opened it. {changed.length ? 'These fields differ:' : 'No field differs.'}</p>
      <table class="conflict">
        <thead><tr><th scope="col">Field</th><th scope="col">Yours</th><th scope="col">Theirs (saved)</th></tr></thead>
        <tbody>
          {changed.map((k) => {
            const secret = props.attributes[k]?.type === 'password';
            return <tr key={k}><th scope="row">{k}</th><td><pre>{secret ? '••••••' : show(mine[k])}</pre></td><td><pre>{secret ? '••••••' : show(theirs[k])}</pre></td></tr>;
          })}
        </tbody>
      </table>
    </Dialog>
  );
}
