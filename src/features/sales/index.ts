// The sales feature's public entry: what other features may use.
export { SalesList, type SalesListProps } from './components/SalesList.tsx';
export { paymentLabel } from './receipt.ts';
export { ReceiptHost } from './components/ReceiptDialog.tsx';
