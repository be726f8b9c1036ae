// /account: 'Minha Conta' — the owner's data, market name, plan and trial, status refresh and sign-out.
import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from './-components/AccountPage.tsx';

export const Route = createFileRoute('/_auth/_owner/account')({
  component: AccountPage,
});
