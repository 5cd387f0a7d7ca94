/** Pure rules of the scan kit and the voice (unit-tested; the components use them). */

/** A scanner "double-fires" within this window: the second read is dropped and logged as a duplicate. */
export const DUPLICATE_WINDOW_MS = 1500;
/** SPEC §5: speech is skipped when the text is longer than this (the SPEC leaves the value open). */
export const MAX_SPEECH_LENGTH = 60;

/** What a keyboard-wedge scanner types with an English layout: printable ASCII. Anything else means the IME is on. */
export const isScannable = (code: string) => /^[\x21-\x7e]+$/.test(code);

/** The same code again within the window is the scanner's echo, not a new scan. */
export function isDuplicate(last: { code: string; at: number } | null, code: string, now: number): boolean {
  return !!last && last.code === code && now - last.at < DUPLICATE_WINDOW_MS;
}

export const shouldSpeak = (text: string, muted: boolean) => !muted && !!text && text.length <= MAX_SPEECH_LENGTH;

/** The speech provider's GET query (SPEC §7): token, text, language zh, a fixed voice, speed, pitch, volume. */
export function ttsQuery(p: { accessToken: string; ttsUrl: string }, text: string): string {
  const q = new URLSearchParams({ tok: p.accessToken, tex: text, lan: 'zh', ctp: '1', cuid: 'waystation', per: '0', spd: '6', pit: '5', vol: '9', aue: '3' });
  return `${p.ttsUrl}?${q.toString()}`;
}

/** A weight has at most 7 digits; a scanner types 8 or more characters, each within a few milliseconds of the last. */
const SCAN_MIN_LENGTH = 8;
const SCAN_MAX_GAP_MS = 35;

/**
 * Whether what was typed into a measure field is a scanner's code rather than a weight or a size: long, and typed
 * faster than a hand can (a scale that types like a keyboard sends a short number, so it stays a weight).
 */
export function looksScanned(text: string, keyTimes: number[]): boolean {
  if (text.length < SCAN_MIN_LENGTH) return false;
  // A weight or a size is digits only: a long text with letters is a code (a tracking number), however slowly it came.
  if (/[^0-9]/.test(text)) return true;
  if (keyTimes.length < SCAN_MIN_LENGTH) return false;
  const recent = keyTimes.slice(-text.length);
  return (recent[recent.length - 1] - recent[0]) / (recent.length - 1) <= SCAN_MAX_GAP_MS;
}
