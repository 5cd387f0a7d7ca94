import { create } from 'zustand';
import { PRINT_DRIVER, PrintDriverReply, warehousePrintAgentDownloadFile } from '@waystation/shared/contract/warehouse';

export type DriverStatus = 'connecting' | 'connected' | 'offline';

interface DriverState {
  status: DriverStatus;
  /** The driver's hello message (its printer or output folder). */
  info: string;
}

export const usePrintDriver = create<DriverState>(() => ({ status: 'offline', info: '' }));

/** SPEC §8: the alert shows when the driver is not connected this long after start. */
export const CONNECT_GRACE_MS = 1000;
const PAIRING_KEY = 'waystation.printPairing';
/** The pairing code this browser was given (typed once from what the driver printed at its first start). */
export const pairingCode = (): string => localStorage.getItem(PAIRING_KEY) ?? '';
const driverUrl = () => `ws://${PRINT_DRIVER.host}:${PRINT_DRIVER.port}/?token=${encodeURIComponent(pairingCode())}`;

/** Keeps a new pairing code and connects with it; resolves with whether the driver took it. */
export async function pairDriver(code: string): Promise<boolean> {
  localStorage.setItem(PAIRING_KEY, code.trim().toUpperCase());
  socket?.close();
  socket = null;
  const ok = await connectDriver();
  if (!ok) localStorage.removeItem(PAIRING_KEY);
  return ok;
}
/** Where the 客户端未连接 alert sends people: the driver script, served by the API. */
export const DRIVER_DOWNLOAD_URL = warehousePrintAgentDownloadFile.url;

let socket: WebSocket | null = null;
let seq = 0;
const pending = new Map<string, { resolve: (r: { ok: boolean; message: string }) => void; timer: ReturnType<typeof setTimeout> }>();

/** Opens (or reuses) the websocket to the local print driver; resolves with whether it is connected. */
export function connectDriver(): Promise<boolean> {
  if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(true);
  if (socket && socket.readyState === WebSocket.CONNECTING) return waitOpen(socket);
  if (!pairingCode()) {
    usePrintDriver.setState({ status: 'offline' });
    return Promise.resolve(false);
  }
  usePrintDriver.setState({ status: 'connecting' });
  try {
    socket = new WebSocket(driverUrl());
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

const PT_TO_MM = 25.4 / 72;
/** Render resolution of the label images: 300 dpi, what label printers print. */
const RENDER_SCALE = 300 / 72;

/**
 * Browser printing when no driver runs: the PDF's pages are drawn as images (pdf.js) into a hidden frame whose print
 * CSS sets the page to the document's own size (100 × 150 mm for a package label), no margins and no scaling, then
 * the browser's print dialog opens over the station. The frame stays until the next print (tests read it).
 */
export async function printInBrowser(url: string): Promise<void> {
  const pdfjs = await import('pdfjs-dist');
  const { default: workerUrl } = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const data = await fetch(url, { credentials: 'same-origin' }).then((r) => {
    if (!r.ok) throw new Error(`${r.status}`);
    return r.arrayBuffer();
  });
  const doc = await pdfjs.getDocument({ data }).promise;
  const pages: { src: string; wMm: number; hMm: number }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: RENDER_SCALE });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const [x0, y0, x1, y1] = page.view;
    pages.push({ src: canvas.toDataURL('image/png'), wMm: (x1 - x0) * PT_TO_MM, hMm: (y1 - y0) * PT_TO_MM });
  }
  await doc.destroy();
  const first = pages[0];
  const size = `${first.wMm.toFixed(2)}mm ${first.hMm.toFixed(2)}mm`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>label</title><style>
@page { size: ${size}; margin: 0; }
html, body { margin: 0; padding: 0; }
img { display: block; width: ${first.wMm.toFixed(2)}mm; height: ${first.hMm.toFixed(2)}mm; break-after: page; }
img:last-child { break-after: auto; }
</style></head><body>${pages.map((p) => `<img src="${p.src}" alt="">`).join('')}</body></html>`;
  document.querySelector('iframe[data-print-frame]')?.remove();
  const frame = document.createElement('iframe');
  frame.setAttribute('data-print-frame', size);
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  document.body.appendChild(frame);
  const fdoc = frame.contentDocument!;
  fdoc.open();
  fdoc.write(html);
  fdoc.close();
  await Promise.all(Array.from(fdoc.images).map((img) => (img.complete ? Promise.resolve() : new Promise((r) => (img.onload = r)))));
  const active = document.activeElement as HTMLElement | null;
  frame.contentWindow?.print();
  // The print dialog is modal to the page; afterwards the station's field gets its focus back.
  active?.focus({ preventScroll: true });
}
