// The congratulation dialog after a successful payment, once the server confirms the premium plan.
import { Dialog } from 'radix-ui';
import { Crown } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { buttonClass } from '../../../ui/Button.tsx';

export function PremiumWelcome({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl focus:outline-none">
          <Crown aria-hidden size={44} className="mx-auto text-accent-400" />
          <Dialog.Title className="mt-3 text-xl font-bold text-brand-900">{t.account.welcomeTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink/80">{t.account.welcomeText}</Dialog.Description>
          <Dialog.Close className={buttonClass('primary', 'mt-6 w-full')}>{t.account.welcomeClose}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
