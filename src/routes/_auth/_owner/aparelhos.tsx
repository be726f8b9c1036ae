// /aparelhos: linking this device with another of the owner's on the local network (no internet needed).
import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '../../../features/devices/components/DevicesPage.tsx';

export const Route = createFileRoute('/_auth/_owner/aparelhos')({
  component: DevicesPage,
});
