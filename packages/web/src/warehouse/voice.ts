import { create } from 'zustand';
import { z } from 'zod';
import { configCreateBaiduAccessTokenCall } from '@waystation/shared/contract/warehouse';
import { call } from '../api/request';
import { toast } from '../api/feedback';
import { t } from '../i18n';
import { shouldSpeak, ttsQuery } from './scanRules';
import scanWav from './audio/scan.wav';
import shelvingWav from './audio/shelving-success.wav';
import printWav from './audio/print.wav';
import sortingWav from './audio/sorting.wav';
import outStorageWav from './audio/out-storage-success.wav';
import okWav from './audio/operation-success.wav';
import failWav from './audio/operation-fail.wav';

/** SPEC §1/§9 sound cues, shipped with the app. */
export const CLIPS = {
  scan: scanWav,
  shelvingSuccess: shelvingWav,
  print: printWav,
  sorting: sortingWav,
  outStorageSuccess: outStorageWav,
  success: okWav,
  fail: failWav,
} as const;
export type Clip = keyof typeof CLIPS;

/** SPEC §9 provider timeout. */
export const TTS_TIMEOUT_MS = 10_000;
const TOKEN_KEY = 'ws-tts-token';
const MUTE_KEY = 'ws-station-mute';

/** Per-station mute, kept in local storage (a station is a screen: inbound, qc, shelving…). */
interface MuteState {
  muted: Record<string, boolean>;
  toggle(station: string): void;
}
export const useMute = create<MuteState>((set, get) => ({
  muted: (() => {
    try {
      return JSON.parse(localStorage.getItem(MUTE_KEY) ?? '{}') as Record<string, boolean>;
    } catch {
      return {};
    }
  })(),
  toggle(station) {
    const muted = { ...get().muted, [station]: !get().muted[station] };
    localStorage.setItem(MUTE_KEY, JSON.stringify(muted));
    set({ muted });
  },
}));

const isMuted = (station: string) => !!useMute.getState().muted[station];

/** Plays a local clip (never throws: a browser may refuse autoplay). */
export function playClip(station: string, clip: Clip): void {
  if (isMuted(station)) return;
  try {
    const audio = new Audio(CLIPS[clip]);
    void audio.play().catch(() => {});
  } catch {
    /* no audio device */
  }
}

interface Provider {
  accessToken: string;
  ttsUrl: string;
}

/** The speech provider's token (SPEC §7), fetched once and kept locally; null when the server has none configured. */
async function provider(): Promise<Provider | null> {
  const cached = localStorage.getItem(TOKEN_KEY);
  if (cached) {
    try {
      const p = JSON.parse(cached) as Provider | { none: true; at: number };
      if ('accessToken' in p) return p;
      if (Date.now() - p.at < 10 * 60_000) return null;
    } catch {
      /* refetch */
    }
  }
  const r = await call(configCreateBaiduAccessTokenCall, { type: 'audio' }, { silent: true }).catch(() => null);
  if (r?.accessToken && r.ttsUrl) {
    const p = { accessToken: r.accessToken, ttsUrl: r.ttsUrl };
    localStorage.setItem(TOKEN_KEY, JSON.stringify(p));
    return p;
  }
  localStorage.setItem(TOKEN_KEY, JSON.stringify({ none: true, at: Date.now() }));
  return null;
}

const blobSchema = z.instanceof(Blob);

/** The provider's audio for `text` (10 s timeout); throws on any failure. */
async function fetchSpeech(p: Provider, text: string): Promise<Blob> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TTS_TIMEOUT_MS);
  try {
    const res = await fetch(ttsQuery(p, text), { signal: controller.signal });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.startsWith('audio')) throw new Error(t('voice.failed', { status: res.status }));
    return blobSchema.parse(await res.blob());
  } finally {
    clearTimeout(timer);
  }
}

function browserSpeak(text: string): void {
  if (typeof speechSynthesis === 'undefined') return;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = 'zh-CN';
  u.rate = 1.1;
  speechSynthesis.cancel();
  speechSynthesis.speak(u);
}

/** The last thing spoken (the browser tests read it; a screen reader user may too). */
export const spoken: string[] = [];

/**
 * Speaks `text` at a station: through the configured provider (SPEC §7), or the browser's own speech synthesis when
 * the server has none. Over MAX_SPEECH_LENGTH (scanRules) nothing is said (SPEC §5); a provider failure toasts for 5 s (SPEC §8).
 */
export async function speak(station: string, text: string): Promise<void> {
  if (!shouldSpeak(text, isMuted(station))) return;
  spoken.push(text);
  if (spoken.length > 20) spoken.shift();
  const p = await provider();
  if (!p) return browserSpeak(text);
  try {
    const blob = await fetchSpeech(p, text);
    const url = URL.createObjectURL(blob);
    const audio = new Audio(url);
    audio.onended = () => URL.revokeObjectURL(url);
    await audio.play().catch(() => {});
  } catch (e) {
    toast('error', (e as Error).name === 'AbortError' ? t('voice.timeout') : (e as Error).message || t('voice.failed', { status: '' }), 5);
  }
}

/** A clip, then the words: the usual feedback of one scan. */
export function cue(station: string, clip: Clip, text?: string): void {
  playClip(station, clip);
  if (text) setTimeout(() => void speak(station, text), clip === 'fail' ? 500 : 250);
}

declare global {
  interface Window {
    __wsSpoken?: string[];
  }
}
if (typeof window !== 'undefined') window.__wsSpoken = spoken;
