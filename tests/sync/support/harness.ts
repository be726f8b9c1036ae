// One local stack per test file and the simulated devices opened on it, all closed when the file ends.
import { afterAll, beforeAll } from 'vitest';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { openDevice, type Device, type DeviceOptions, type Owner } from './devices.ts';

export interface DeviceHarness {
  /** The stack of this file (available inside tests and hooks). */
  readonly stack: TestStack;
  /** Opens a device for `owner`, closed with the file. */
  open(owner: Owner, options: DeviceOptions): Promise<Device>;
}

export function useDeviceHarness(): DeviceHarness {
  let stack: TestStack | undefined;
  const devices: Device[] = [];
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    for (const device of devices.splice(0)) await device.close();
    await stack?.close();
  });
  const current = (): TestStack => {
    if (!stack) throw new Error('a pilha de teste ainda não foi aberta (use dentro de testes e ganchos)');
    return stack;
  };
  return {
    get stack() {
      return current();
    },
    async open(owner, options) {
      const device = await openDevice(current(), owner, options);
      devices.push(device);
      return device;
    },
  };
}
