import { create } from 'zustand';
import { PRINT_DRIVER, PrintDriverReply } from '@waystation/shared/contract/warehouse';

export type DriverStatus = 'connecting' | 'connected' | 'offline';

interface DriverState {
  status: DriverStatus;
  /** The driver's hello message (its printer or output folder). */
  info: string;
}

export const usePrintDriver = create<DriverState>(() => ({ status: 'offline', info: '' }));

/** SPEC §8: the alert shows when the driver is not connected this long after start. */
export const CONNECT_GRACE_MS = 1000;
export const DRIVER_URL = `ws://${PRINT_DRIVER.host}:${PRINT_DRIVER.port}/?token=${PRINT_DRIVER.token}`;
/** Where the 客户端未连接 alert sends people: the driver script, served by the API. */
export const DRIVER_DOWNLOAD_URL = '/api/warehouse/printAgent/download';

let socket: WebSocket | null = null;
let seq = 0;
const pending = new Map<string, { resolve: (r: { ok: boolean; message: string }) => void; timer: ReturnType<typeof setTimeout> }>();

/** Opens (or reuses) the websocket to the local print driver; resolves with whether it is connected. */
export function connectDriver(): Promise<boolean> {
  if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(true);
  if (socket && socket.readyState === WebSocket.CONNECTING) return waitOpen(socket);
  usePrintDriver.setState({ status: 'connecting' });
  try {
    socket = new WebSocket(DRIVER_URL);
  } catch {
    usePrintDriver.setState({ status: 'offline' });
    return Promise.resolve(false);
  }
  const ws = socket;
  ws.onmessage = (ev) => {
    const parsed = PrintDriverReply.safeParse(safeJson(String(ev.data)));
    if (!parsed.success) return;
    const r = parsed.data;
    if (r.type === 'hello') usePrintDriver.setState({ status: 'connected', info: r.message });
    else if (r.id && pending.has(r.id)) {
      const p = pending.get(r.id)!;
      clearTimeout(p.timer);
      pending.delete(r.id);
      p.resolve({ ok: r.ok, message: r.message });
    }
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    usePrintDriver.setState({ status: 'offline' });
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.resolve({ ok: false, message: 'print driver disconnected' });
      pending.delete(id);
    }
  };
  return waitOpen(ws);
}

function waitOpen(ws: WebSocket): Promise<boolean> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.OPEN) return resolve(true);
    ws.addEventListener('open', () => {
      usePrintDriver.setState({ status: 'connected' });
      resolve(true);
    });
    ws.addEventListener('error', () => resolve(false));
    ws.addEventListener('close', () => resolve(false));
  });
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

/** Sends a PDF (by URL, made absolute) to the driver; resolves with its answer. */
export async function printViaDriver(url: string, copies = 1): Promise<{ ok: boolean; message: string }> {
  if (!(await connectDriver()) || !socket) return { ok: false, message: 'print driver not connected' };
  const id = String(++seq);
  const abs = new URL(url, location.origin).toString();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({ ok: false, message: 'print driver timeout' });
    }, 20_000);
    pending.set(id, { resolve, timer });
    socket!.send(JSON.stringify({ type: 'print', id, url: abs, copies }));
  });
}

/** Browser printing when no driver runs: the PDF in a hidden frame, then the print dialog (or a new tab). */
export function printInBrowser(url: string): void {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  frame.src = url;
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
    setTimeout(() => frame.remove(), 60_000);
  };
  document.body.appendChild(frame);
}
