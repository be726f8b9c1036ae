// The sales feature's public entry: what other features may use.
export { SalesList, type SalesListProps } from './components/SalesList.tsx';
export { salePaymentLabel } from './receipt.ts';
export { splitPartsOf, type PaymentPart } from './payment-parts.ts';
export { ReceiptHost } from './components/ReceiptDialog.tsx';
