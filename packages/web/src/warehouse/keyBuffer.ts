/**
 * Keeps a keyboard-wedge scanner's keystrokes that arrive where no field can take them: while a station is opening
 * (after the click on its sidebar link the focus is on that link; then the page loads, and only then does the scan
 * box exist), or while a dialog is open over the station. Keys typed into a field (weight, a dialog's input, a
 * search box) are never touched. A station's scan box registers as the sink: with no dialog open it takes the focus
 * on the next key, after what was kept of the burst, so the code arrives whole; otherwise the keys are held, and each
 * burst ending with Enter is handed to the sink as one scan when it can take it, in the order the scans were made.
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
  /** Characters typed before the station could take them, without their Enter yet: they go in front of the box's text. */
  prefill(text: string): void;
  /** Whether the element is the station's scan box. */
  owns(el: Element): boolean;
  /** A scan is being typed into the box or waits to be answered: no other field should take the focus now. */
  busy(): boolean;
  /**
   * Whether the station is still the page on screen. A click on another page's link changes the address at once,
   * while the station stays on screen until the next page has loaded: keys typed meanwhile are for the next page.
   */
  live(): boolean;
}

let sink: ScanSink | null = null;
let partial = '';
/** When the last kept key was pressed (the event's own time: a busy page handles keys late, but in order). */
let partialAt = 0;
const waiting: { code: string; at: number }[] = [];
let drainTimer: ReturnType<typeof setInterval> | null = null;

export const isTextEntry = (el: Element | null): boolean =>
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(el.type)) ||
  !!(el as HTMLElement | null)?.isContentEditable;

/** An antd dialog (modal, confirm, drawer) is open over the page; one with the class scan-through (the re-login prompt) lets scans pass. */
export const dialogOpen = (): boolean => !!document.querySelector('.ant-modal-wrap:not([style*="display: none"]):not(.scan-through), .ant-drawer-open');

/** The registered station, when it is the page on screen and no dialog is open over it. */
const takingSink = (): ScanSink | null => (sink?.live() && !dialogOpen() ? sink : null);

/** The box takes what was kept of the burst now, so the keys that follow land after it. */
function flushPartial(s: ScanSink) {
  if (!partial) return;
  const text = partial;
  partial = '';
  s.prefill(text);
}

function onKeyDown(e: KeyboardEvent) {
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  const active = document.activeElement;
  // Scanners type no spaces; a space presses the focused button or checkbox.
  const printable = e.key.length === 1 && e.key !== ' ';
  if (!printable && e.key !== 'Enter') return;
  const at = e.timeStamp || performance.now();
  if (partial && at - partialAt > STALE_MS) partial = '';
  const s = takingSink();
  if (s && active && s.owns(active)) {
    // Typed into the scan box: codes kept before go first, then what was kept of this burst, then this key.
    drain();
    flushPartial(s);
    return;
  }
  // Another field takes its own keys; so does the station's box once it has the focus.
  if (isTextEntry(active)) return;
  if (s) {
    drain();
    if (printable) {
      // The scan box takes the focus before the key's default action: the character lands in it, after the kept ones.
      s.focus();
      flushPartial(s);
      return;
    }
    if (!partial) return; // an Enter of its own: the focused button or link acts on it
    e.preventDefault();
    e.stopPropagation();
    waiting.push({ code: partial, at: Date.now() });
    partial = '';
    drain();
    return;
  }
  // No station can take the key yet (it is opening, or a dialog is over it): the focus is on the page itself, a link,
  // a tab or a button, where the key would go nowhere. It is kept.
  if (e.key === 'Enter') {
    if (!partial) return;
    e.preventDefault();
    e.stopPropagation();
    waiting.push({ code: partial, at: Date.now() });
    partial = '';
    scheduleDrain();
    return;
  }
  e.preventDefault();
  partial += e.key;
  partialAt = at;
  scheduleDrain();
}

function drain() {
  const now = Date.now();
  const s = takingSink();
  if (!s) {
    if (!sink?.live() && !partial && waiting.every((w) => now - w.at > OPENING_MS)) {
      waiting.length = 0;
      stopDrain();
    }
    return;
  }
  while (waiting.length) {
    const w = waiting.shift()!;
    if (now - w.at <= OPENING_MS + STALE_MS) s.submit(w.code);
  }
  // A burst still coming in stays here until its next key; one that stopped without its Enter goes to the box to be seen.
  if (partial && performance.now() - partialAt > BURST_GAP_MS) {
    if (performance.now() - partialAt <= STALE_MS) {
      s.focus();
      flushPartial(s);
    }
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
  // Codes typed before the box existed are those made while the station was opening: handed over at once, so they
  // come before any scan typed into the box from now on.
  const now = Date.now();
  for (let i = waiting.length - 1; i >= 0; i--) if (now - waiting[i].at > OPENING_MS) waiting.splice(i, 1);
  drain();
  if (waiting.length || partial) scheduleDrain();
  return () => {
    if (sink === s) sink = null;
  };
}

/**
 * The scan box takes the focus now, leaving the field just confirmed: the next scan may come before the answer, and a
 * field that goes away with the answer would take the first characters of that scan with it.
 */
export function focusScanBox(): void {
  if (sink?.live() && !dialogOpen()) sink.focus();
}

/** A code that landed in another field (a measure field) goes to the station's scan box as a scan. */
export function submitToScanBox(code: string): void {
  if (!sink) return;
  sink.focus();
  sink.submit(code);
}

/** A scan is on its way (typed, kept or waiting for its answer): a field that would take the focus on opening leaves it. */
export const scanInProgress = (): boolean => !!partial || waiting.length > 0 || !!sink?.busy();

/** For tests: forget what was kept. */
export function resetKeyBuffer(): void {
  sink = null;
  partial = '';
  partialAt = 0;
  waiting.length = 0;
  stopDrain();
}
