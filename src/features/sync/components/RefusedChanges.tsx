// The changes the server refused, one by one: what each is, why it was refused, and the ways out (discard it, or
// the action that resolves the refusal: the premium plan or the support).
import { Link } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import type { RefusedChange } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { refusalRemedy, refusalSentence, refusedChangeName } from '../sync-text.ts';

const copy = t.sync;

function RefusedChangeItem({ change }: { change: RefusedChange }) {
  const discard = useCommand((data) => data.sync.discardRefused({ table: change.table, id: change.id }), {
    success: () => ({ title: copy.discarded }),
  });
  const name = refusedChangeName(change);
  const remedy = refusalRemedy(change.reason);
  return (
    <li className="flex flex-col gap-2 rounded-xl bg-red-50 p-3 text-red-900" data-testid="refused-change">
      <p className="font-semibold">{name}</p>
      <p className="text-sm">{refusalSentence(change)}</p>
      <div className="flex flex-wrap gap-2">
        {remedy === 'upgrade' ? (
          <Link to="/upgrade" className={buttonClass('primary', 'min-h-11 flex-1 px-3 text-sm')}>
            {copy.upgrade}
          </Link>
        ) : null}
        {remedy === 'support' ? (
          <Link to="/support" className={buttonClass('primary', 'min-h-11 flex-1 px-3 text-sm')}>
            {copy.contactSupport}
          </Link>
        ) : null}
        <Button
          variant="secondary"
          busy={discard.pending}
          onClick={() => void discard.run()}
          aria-label={copy.discardLabel(name)}
          className="min-h-11 flex-1 px-3 text-sm"
        >
          <Trash2 aria-hidden size={16} />
          {copy.discard}
        </Button>
      </div>
    </li>
  );
}

export function RefusedChanges({ changes }: { changes: readonly RefusedChange[] }) {
  if (changes.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="font-semibold text-red-800">{copy.refusedTitle}</p>
      <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto" aria-label={copy.refusedTitle}>
        {changes.map((change) => (
          <RefusedChangeItem key={`${change.table}:${change.id}`} change={change} />
        ))}
      </ul>
    </div>
  );
}
