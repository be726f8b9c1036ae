// Sending an ESC/POS job to a thermal printer the browser can reach: a USB or serial printer through Web Serial,
// a Bluetooth LE printer through Web Bluetooth. Each is offered only where the browser has it.

interface SerialPortLike {
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readonly writable: WritableStream<Uint8Array> | null;
}
interface SerialLike {
  requestPort(): Promise<SerialPortLike>;
}

interface CharacteristicLike {
  readonly properties: { readonly write: boolean; readonly writeWithoutResponse: boolean };
  writeValueWithoutResponse?: (value: Uint8Array) => Promise<void>;
  writeValue(value: Uint8Array): Promise<void>;
}
interface ServiceLike {
  getCharacteristics(): Promise<CharacteristicLike[]>;
}
interface GattServerLike {
  connect(): Promise<GattServerLike>;
  disconnect(): void;
  getPrimaryServices(): Promise<ServiceLike[]>;
}
interface BluetoothLike {
  requestDevice(options: { acceptAllDevices: boolean; optionalServices: string[] }): Promise<{ gatt?: GattServerLike }>;
}

export type PrinterLink = 'serial' | 'bluetooth';

/** Services that cheap Bluetooth receipt printers expose for their print data. */
const PRINTER_SERVICES = [
  '000018f0-0000-1000-8000-00805f9b34fb',
  'e7810a71-73ae-499d-8c15-faa9aef0c3f2',
  '49535343-fe7d-4ae5-8fa9-9fafd205e455',
];
/** Bytes per Bluetooth write: below the smallest MTU such printers negotiate. */
const BLUETOOTH_CHUNK = 180;

function hasFunction(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[name] === 'function';
}

function serialOf(nav: Navigator): SerialLike | null {
  const serial: unknown = 'serial' in nav ? nav.serial : null;
  return hasFunction(serial, 'requestPort') ? (serial as SerialLike) : null;
}

function bluetoothOf(nav: Navigator): BluetoothLike | null {
  const bluetooth: unknown = 'bluetooth' in nav ? nav.bluetooth : null;
  return hasFunction(bluetooth, 'requestDevice') ? (bluetooth as BluetoothLike) : null;
}

/** The ways to a printer this browser offers (none on most phones' Safari and Firefox). */
export function printerLinks(nav: Navigator = navigator): PrinterLink[] {
  const links: PrinterLink[] = [];
  if (serialOf(nav)) links.push('serial');
  if (bluetoothOf(nav)) links.push('bluetooth');
  return links;
}

async function printBySerial(serial: SerialLike, job: Uint8Array): Promise<void> {
  const port = await serial.requestPort();
  await port.open({ baudRate: 9600 });
  try {
    const writer = port.writable?.getWriter();
    if (!writer) throw new Error('serial port not writable');
    try {
      await writer.write(job);
    } finally {
      writer.releaseLock();
    }
  } finally {
    await port.close();
  }
}

async function printByBluetooth(bluetooth: BluetoothLike, job: Uint8Array): Promise<void> {
  const device = await bluetooth.requestDevice({ acceptAllDevices: true, optionalServices: PRINTER_SERVICES });
  if (!device.gatt) throw new Error('no GATT server');
  const server = await device.gatt.connect();
  try {
    const services = await server.getPrimaryServices();
    const characteristics = (await Promise.all(services.map((service) => service.getCharacteristics()))).flat();
    const target = characteristics.find((item) => item.properties.writeWithoutResponse || item.properties.write);
    if (!target) throw new Error('no writable characteristic');
    for (let start = 0; start < job.length; start += BLUETOOTH_CHUNK) {
      const chunk = job.slice(start, start + BLUETOOTH_CHUNK);
      if (target.properties.writeWithoutResponse && target.writeValueWithoutResponse)
        await target.writeValueWithoutResponse(chunk);
      else await target.writeValue(chunk);
    }
  } finally {
    server.disconnect();
  }
}

/** Asks the owner to pick the printer (the browser's own chooser), then sends the job. */
export async function sendToPrinter(link: PrinterLink, job: Uint8Array, nav: Navigator = navigator): Promise<void> {
  const serial = serialOf(nav);
  const bluetooth = bluetoothOf(nav);
  if (link === 'serial' && serial) return printBySerial(serial, job);
  if (link === 'bluetooth' && bluetooth) return printByBluetooth(bluetooth, job);
  throw new Error(`printer link ${link} not available`);
}
