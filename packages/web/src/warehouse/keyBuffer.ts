/**
 * Keeps a keyboard-wedge scanner's keystrokes that arrive where no field can take them: before a station's scan box
 * exists (the page is still loading), or while a dialog is open over the station. Keys typed into a field (weight,
 * a dialog's input) are never touched. A station's scan box registers as the sink: with no dialog open it takes the
 * focus on the first key (so the key lands in it); otherwise the keys are held, and each burst ending with Enter is
 * handed to the sink as one scan when it can take it.
 */

/** An unfinished burst older than this is not the start of a scan. */
const STALE_MS = 5000;
/**
 * Whole codes typed while no station could take them are handed to the station that opens within this: a loaded
 * machine can take several seconds to open a station, and a worker's scan made meanwhile must not vanish.
 */
const OPENING_MS = 20_000;
/** A scanner types its characters within this of each other; a longer pause ends what is kept of a burst. */
const BURST_GAP_MS = 300;

export interface ScanSink {
  /** Take the focus now (no dialog is open). */
  focus(): void;
  /** A whole code typed while the station could not take it. */
  submit(code: string): void;
  /** Characters typed before the station could take them, without their Enter yet. */
  prefill(text: string): void;
  /** Whether the element is the station's scan box. */
  owns(el: Element): boolean;
}

let sink: ScanSink | null = null;
let partial = '';
let partialAt = 0;
const waiting: { code: string; at: number }[] = [];
let drainTimer: ReturnType<typeof setInterval> | null = null;

export const isTextEntry = (el: Element | null): boolean =>
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(el.type)) ||
  !!(el as HTMLElement | null)?.isContentEditable;

/** An antd dialog (modal, confirm, drawer) is open over the page. */
export const dialogOpen = (): boolean => !!document.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open');

/** A burst that began where no field could take it is still coming in: the rest of it is kept with it. */
const burstInProgress = () => !!partial && Date.now() - partialAt <= BURST_GAP_MS;

function onKeyDown(e: KeyboardEvent) {
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  const active = document.activeElement;
  // Scanners type no spaces; a space presses the focused button or checkbox.
  const printable = e.key.length === 1 && e.key !== ' ';
  if (!printable && e.key !== 'Enter') return;
  const continuing = burstInProgress() && (!active || active === document.body || !!sink?.owns(active));
  if (!continuing) {
    if (isTextEntry(active)) return;
    if (sink && !dialogOpen()) {
      // The scan box takes the focus before the key's default action: the character lands in it.
      if (printable) sink.focus();
      return;
    }
    // No station on the page yet: only keys that would go nowhere (focus on the page itself) are kept.
    if (!sink && active && active !== document.body) return;
  }
  if (e.key === 'Enter') {
    if (!partial) return; // an Enter of its own: the focused button or dialog acts on it
    e.preventDefault();
    e.stopPropagation();
    waiting.push({ code: partial, at: Date.now() });
    partial = '';
    drain();
    if (waiting.length) scheduleDrain();
    return;
  }
  e.preventDefault();
  if (Date.now() - partialAt > STALE_MS) partial = '';
  partial += e.key;
  partialAt = Date.now();
}

function drain() {
  const now = Date.now();
  if (!sink || dialogOpen()) {
    if (!sink && waiting.every((w) => now - w.at > OPENING_MS)) stopDrain();
    return;
  }
  while (waiting.length) {
    const w = waiting.shift()!;
    if (now - w.at <= OPENING_MS + STALE_MS) sink.submit(w.code);
  }
  // A burst still coming in stays here until its Enter; an old unfinished one goes to the box to be seen.
  if (partial && !burstInProgress() && now - partialAt <= STALE_MS) {
    sink.prefill(partial);
    partial = '';
  }
  if (!partial) stopDrain();
}

function stopDrain() {
  if (drainTimer) clearInterval(drainTimer);
  drainTimer = null;
}

function scheduleDrain() {
  if (drainTimer) return;
  drainTimer = setInterval(drain, 100);
}

/** Installed once at start (main.tsx), so keys typed while a station's page is still loading are kept too. */
export function installKeyBuffer(): void {
  document.addEventListener('keydown', onKeyDown, true);
}

/** The station's scan box takes what was kept; returns the unregister function. */
export function registerScanSink(s: ScanSink): () => void {
  sink = s;
  // Codes typed before the box existed are those made while the station was opening.
  const now = Date.now();
  for (let i = waiting.length - 1; i >= 0; i--) if (now - waiting[i].at > OPENING_MS) waiting.splice(i, 1);
  scheduleDrain();
  return () => {
    if (sink === s) sink = null;
  };
}

/** A code that landed in another field (a measure field) goes to the station's scan box as a scan. */
export function submitToScanBox(code: string): void {
  if (!sink) return;
  sink.focus();
  sink.submit(code);
}
