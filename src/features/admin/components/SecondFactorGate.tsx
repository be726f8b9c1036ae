// Before the admin screens, when 'Exigir autenticação de dois fatores (2FA)' is on and this session has not proved a
// second factor: enrol an authenticator (QR code and key) if there is none, then type its 6-digit code.
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { TotpEnrolment } from '../../../../workers/api.ts';
import { adminSecondFactorText } from '../../../i18n/admin-second-factor.pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { useDataClient } from '../../../lib/use-data-client.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { QrCode } from '../../../ui/QrCode.tsx';

const copy = adminSecondFactorText;
const secondFactorKey = ['admin', 'second-factor'] as const;

function CodeForm({ factorId }: { factorId: string }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const verify = useCommand((data, input: { factorId: string; code: string }) => data.secondFactor.verify(input), {
    failureTitle: null,
  });
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const proven = await verify.run({ factorId, code });
    if (proven) {
      // Proven: the admin queries start over with the session's new level.
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <FormAlert title={copy.failed} message={verify.message} />
      <TextField
        label={copy.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, ''));
        }}
      />
      <Button type="submit" busy={verify.pending} disabled={code.length !== 6}>
        {verify.pending ? copy.verifying : copy.verify}
      </Button>
    </form>
  );
}

function Enrolment() {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const enrol = useCommand((data) => data.secondFactor.enrol(), { failureTitle: copy.failed });
  if (!enrolment)
    return (
      <Button
        busy={enrol.pending}
        onClick={() =>
          void enrol.run().then((started) => {
            if (started) setEnrolment(started);
          })
        }
      >
        {copy.startEnrol}
      </Button>
    );
  return (
    <div className="flex flex-col gap-4">
      <QrCode value={enrolment.uri} label={copy.qrLabel} size={192} className="self-center" />
      <div>
        <p className="text-sm font-medium text-ink">{copy.keyLabel}</p>
        <p className="break-all rounded-xl bg-brand-50 px-3 py-2 font-mono text-sm text-brand-900" data-testid="totp-secret">
          {enrolment.secret}
        </p>
      </div>
      <CodeForm factorId={enrolment.factorId} />
    </div>
  );
}

/** The admin page itself once this session owes no second factor. */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const data = useDataClient();
  const state = useQuery({ queryKey: secondFactorKey, queryFn: () => data.secondFactor.state(), staleTime: 0 });
  if (state.data && !state.data.owed) return <>{children}</>;
  return (
    <section aria-labelledby="second-factor-title" className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8">
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <ShieldCheck aria-hidden size={22} />
        </span>
        <h1 id="second-factor-title" className="text-xl font-bold text-brand-900">
          {copy.title}
        </h1>
      </div>
      {state.isPending ? (
        <p role="status" className="text-ink/70">
          {copy.checking}
        </p>
      ) : state.isError ? (
        <FormAlert message={copy.loadFailed}>
          <Button variant="secondary" className="mt-2" onClick={() => void state.refetch()}>
            {copy.retry}
          </Button>
        </FormAlert>
      ) : state.data.factorId ? (
        <>
          <p className="text-ink/80">{copy.verifyText}</p>
          <CodeForm factorId={state.data.factorId} />
        </>
      ) : (
        <>
          <p className="text-ink/80">{copy.enrolText}</p>
          <Enrolment />
        </>
      )}
    </section>
  );
}
