// The devices feature's public entry: the top bar's link indicator.
export { PeerIndicator } from './components/PeerIndicator.tsx';
