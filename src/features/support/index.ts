// The support feature's public entry: the premium owner's tickets page, whether the owner has premium support, and
// a ticket's conversation and reply box (the admin's ticket modal shows the same).
export { OwnerSupportPage } from './components/OwnerSupportPage.tsx';
export { usePremiumSupport } from './use-premium-support.ts';
export { TicketMessages, TicketReplyForm } from './components/TicketThread.tsx';
