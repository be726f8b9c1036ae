// 'Conectar outro aparelho': device A shows its code (QR and text) and then reads B's answer; device B reads A's
// code (camera or pasted text) and shows its answer. Refusals (another owner's code, a used one) say why; a device
// that has never been online (it lacks the owner's pairing key) is told to connect once first.
import { useState, type SyntheticEvent } from 'react';
import { Copy, QrCode as QrIcon, ScanLine, Smartphone } from 'lucide-react';
import { devicesText } from '../../../i18n/devices.pt-BR.ts';
import {
  answerInvitation,
  cancelInvitation,
  completeInvitation,
  peerLinksSupported,
  startInvitation,
} from '../../../lib/peer-relay.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { QrCode } from '../../../ui/QrCode.tsx';
import { showToast } from '../../../ui/toast.ts';
import { ScannerDialog } from '../../products/index.ts';

const copy = devicesText;
const card = 'flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5';
const areaClass =
  'block min-h-24 w-full rounded-xl border border-ink/20 bg-white px-4 py-3 font-mono text-xs text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400';

type Step =
  { kind: 'choose' } | { kind: 'invite'; code: string } | { kind: 'join' } | { kind: 'answer'; code: string; peerLabel: string };

/** The code to show, as a QR code and as text that can be copied. */
function ShownCode({ title, help, qrLabel, code }: { title: string; help: string; qrLabel: string; code: string }) {
  const id = title.replaceAll(' ', '-').toLowerCase();
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(code);
      showToast({ title: copy.copied });
    } catch {
      // Without clipboard access the text stays selectable in the field.
    }
  };
  return (
    <div className="flex flex-col items-center gap-3">
      <p className="self-stretch text-ink/80">{help}</p>
      <QrCode value={code} label={qrLabel} size={240} className="max-w-full rounded-xl ring-1 ring-ink/10" />
      <label htmlFor={id} className="self-stretch text-sm font-medium text-ink">
        {title}
      </label>
      <textarea
        id={id}
        readOnly
        value={code}
        rows={4}
        className={areaClass}
        onFocus={(event) => {
          event.target.select();
        }}
      />
      <Button variant="secondary" className="self-stretch" onClick={() => void copyCode()}>
        <Copy aria-hidden size={18} />
        {copy.copy}
      </Button>
    </div>
  );
}

/** A field for the other device's code, filled by the camera or by pasting, with its submit button. */
function CodeReader(props: {
  label: string;
  help: string;
  scanLabel: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  errorTitle: string | null;
  onSubmit: (code: string) => void;
  onEdit: () => void;
}) {
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const id = props.label.replaceAll(' ', '-').toLowerCase();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (code.trim() !== '') props.onSubmit(code.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <FormAlert title={props.errorTitle ?? undefined} message={props.error} />
      <Button
        variant="secondary"
        onClick={() => {
          setScanning(true);
        }}
      >
        <ScanLine aria-hidden size={18} />
        {props.scanLabel}
      </Button>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          {props.label}
        </label>
        <textarea
          id={id}
          rows={3}
          value={code}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-dica`}
          className={areaClass}
          onChange={(event) => {
            setCode(event.target.value);
            props.onEdit();
          }}
        />
        <p id={`${id}-dica`} className="mt-1 text-sm text-ink/70">
          {props.help}
        </p>
      </div>
      <Button type="submit" busy={props.busy} disabled={code.trim() === ''}>
        {props.submitLabel}
      </Button>
      <ScannerDialog
        open={scanning}
        onOpenChange={setScanning}
        kind="qr"
        title={copy.scannerTitle}
        description={copy.scannerText}
        onDetected={(scanned) => {
          setCode(scanned);
          props.onSubmit(scanned);
        }}
      />
    </form>
  );
}

/** The pairing's state and its commands, held by the page so a lost link's 'Conectar de novo' can show the code;
 * `linked` holds the labels of the devices linked right now. */
export function usePairing(linked: readonly string[]) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  // Device B's answer has done its job once A read it and the link is up (the list above says so): back to the start.
  if (step.kind === 'answer' && linked.includes(step.peerLabel)) {
    setStep({ kind: 'choose' });
  }
  const invite = useCommand((data) => startInvitation(data), { failureTitle: copy.failed });
  const complete = useCommand((data, code: string) => completeInvitation(data, code), {
    failureTitle: null,
    success: ({ peerLabel }) => ({ title: copy.connected(peerLabel) }),
  });
  const answer = useCommand((data, code: string) => answerInvitation(data, code), { failureTitle: null });
  const reset = () => {
    cancelInvitation();
    complete.reset();
    answer.reset();
    setStep({ kind: 'choose' });
  };
  /** A new invitation to show (an earlier one nobody answered is dropped). */
  const showCode = async () => {
    complete.reset();
    const made = await invite.run();
    if (made) setStep({ kind: 'invite', code: made.code });
  };
  return { step, setStep, invite, complete, answer, reset, showCode };
}

export type Pairing = ReturnType<typeof usePairing>;

/** `keyMissing`: this device lacks the owner's pairing key (it has never been online since signing in). */
export function PairingCard({ pairing, keyMissing }: { pairing: Pairing; keyMissing: boolean }) {
  const { step, setStep, invite, complete, answer, reset, showCode } = pairing;
  const supported = peerLinksSupported();

  return (
    <section aria-labelledby="pair-title" className={card}>
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Smartphone aria-hidden size={22} />
        </span>
        <h2 id="pair-title" className="text-lg font-semibold text-brand-900">
          {copy.pairTitle}
        </h2>
      </div>
      {!supported ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
          {copy.unsupported}
        </p>
      ) : step.kind === 'choose' ? (
        <>
          <p className="text-ink/80">{copy.pairText}</p>
          <p className="text-sm text-ink/70">{copy.sameWifi}</p>
          {keyMissing ? (
            <div role="status" className="flex flex-col gap-1 rounded-xl bg-amber-100 px-3 py-2 text-amber-900">
              <p className="font-semibold">{copy.keyMissing}</p>
              <p className="text-sm">{copy.keyMissingText}</p>
            </div>
          ) : null}
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <Button busy={invite.pending} disabled={keyMissing} onClick={() => void showCode()}>
              <QrIcon aria-hidden size={18} />
              {invite.pending ? copy.preparing : copy.showCode}
            </Button>
            <Button
              variant="secondary"
              disabled={keyMissing}
              onClick={() => {
                setStep({ kind: 'join' });
              }}
            >
              <ScanLine aria-hidden size={18} />
              {copy.readCode}
            </Button>
          </div>
        </>
      ) : step.kind === 'invite' ? (
        <>
          <ShownCode title={copy.inviteTitle} help={copy.inviteHelp} qrLabel={copy.inviteQr} code={step.code} />
          <div className="border-t border-ink/10 pt-4">
            <p className="mb-3 text-ink/80">{copy.answerHelp}</p>
            <CodeReader
              key={step.code}
              label={copy.answerField}
              help={copy.inviteFieldHelp}
              scanLabel={copy.scanAnswer}
              submitLabel={copy.connect}
              busy={complete.pending}
              error={complete.message}
              errorTitle={complete.message ? copy.failed : null}
              onEdit={complete.reset}
              onSubmit={(code) =>
                void complete.run(code).then((done) => {
                  if (done) setStep({ kind: 'choose' });
                })
              }
            />
          </div>
          <Button variant="ghost" onClick={reset}>
            {copy.cancel}
          </Button>
        </>
      ) : step.kind === 'join' ? (
        <>
          <CodeReader
            label={copy.inviteField}
            help={copy.inviteFieldHelp}
            scanLabel={copy.scanInvite}
            submitLabel={copy.continue}
            busy={answer.pending}
            error={answer.message}
            errorTitle={answer.message ? copy.failed : null}
            onEdit={answer.reset}
            onSubmit={(code) =>
              void answer.run(code).then((made) => {
                if (made) setStep({ kind: 'answer', code: made.code, peerLabel: made.peerLabel });
              })
            }
          />
          <Button variant="ghost" onClick={reset}>
            {copy.cancel}
          </Button>
        </>
      ) : (
        <>
          <ShownCode title={copy.answerTitle} help={copy.answerShowHelp} qrLabel={copy.answerQr} code={step.code} />
          <Button variant="ghost" onClick={reset}>
            {copy.cancel}
          </Button>
        </>
      )}
    </section>
  );
}
