// The account feature's public entry: what other features may use (the signed-in owner, sign-out, names).
export { initialsOf, marketNameOf, planLabelOf } from './identity.ts';
export { useSignedInAccount } from './use-account.ts';
export { useSignOut } from './use-sign-out.ts';
