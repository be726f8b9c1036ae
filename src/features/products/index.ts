// The products feature's public entry: what other features may use of it (the camera scanner).
export { ScanButton, ScannerDialog, type ScannerDialogProps } from './components/ScannerDialog.tsx';
export { formatStock, isWeightUnit } from './quantity.ts';
