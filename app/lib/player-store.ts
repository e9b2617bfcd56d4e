import { useSyncExternalStore } from 'react';
import type { Talk } from '#common/contracts/audio.schema.ts';
import { talkPlaybackCode } from '#common/playback.ts';
import { keepUnsentPlayback } from './offline-opt-in.ts';
import { readDevicePlayback, setDevicePlaybackTime } from './playback-store.ts';

/**
 * The one player of the site. The <audio> element lives in the root component (GlobalPlayer), so
 * a talk keeps playing while the reader moves between pages and layouts; pages read and drive it
 * through this store. The talk and its place are remembered on the device (and restored, paused,
 * after a reload).
 */

export interface PlayerTalk extends Talk {
  /** Where the talk's page is (its collection page with ?nghe=). */
  pageUrl: string;
  /** Shown under the title in the bar and on the lock screen. */
  albumTitle: string;
}

export interface PlayerState {
  queue: PlayerTalk[];
  index: number;
  playing: boolean;
  time: number;
  duration: number;
  rate: number;
  /**
   * The sleep timer: at a moment (Date.now() milliseconds) while playing, held with its milliseconds
   * left while paused, at the end of the talk, or none.
   */
  sleep: SleepTimer | null;
  /** Whole seconds left on a timed sleep timer, for display; null otherwise. */
  sleepLeft: number | null;
  /** What the bar drives instead of the <audio> (a chapter read aloud); `time`/`duration` are then its sentence and count. */
  engine: PlayerEngine | null;
}

/**
 * Another source for the same bar: the read-aloud of a chapter (app/components/read-aloud/), loaded
 * only when a reader asks for it, so every page's bar stays this small.
 */
export interface PlayerEngine {
  title: string;
  albumTitle: string;
  pageUrl: string;
  play(): void;
  pause(): void;
  seek(at: number): void;
  setRate(rate: number): void;
  close(): void;
}

export type SleepTimer = { endsAt: number } | { heldMs: number } | { atEnd: true };

/** The last seconds before the sleep timer stops the talk fade out instead of cutting it. */
export const SLEEP_FADE_SECONDS = 10;

const LAST_TALK_KEY = 'phap-bao:player';
const RATES_KEY = 'phap-bao:talk-speeds';
const EMPTY: PlayerState = {
  queue: [],
  index: 0,
  playing: false,
  time: 0,
  duration: 0,
  rate: 1,
  sleep: null,
  sleepLeft: null,
  engine: null,
};

let state: PlayerState = EMPTY;
let element: HTMLAudioElement | null = null;
const listeners = new Set<() => void>();
let lastSaved = 0;
// Logged-in readers' positions are kept on the server too (GlobalPlayer says who is there).
let syncToAccount = false;

function set(changes: Partial<PlayerState>) {
  const was = state.playing;
  state = { ...state, ...changes };
  if (state.playing !== was) holdOrRunSleep();
  for (const listener of listeners) listener();
}

/** Where this device last stopped in the talk (seconds), or 0. */
export function savedPosition(talkId: number): number {
  return readDevicePlayback().find((e) => e.code === talkPlaybackCode(talkId))?.currentTime ?? 0;
}

/** The speed the reader chose for this talk on this device, or 1. */
export function savedRate(talkId: number): number {
  try {
    const rates = JSON.parse(localStorage.getItem(RATES_KEY) ?? '{}') as Record<string, unknown>;
    const rate = rates[talkId];
    return typeof rate === 'number' && rate >= 0.5 && rate <= 3 ? rate : 1;
  } catch {
    return 1;
  }
}

/** Remembers the speed of one talk on this device (1× is the default, so it is forgotten). */
export function saveRate(talkId: number, rate: number) {
  try {
    const rates = JSON.parse(localStorage.getItem(RATES_KEY) ?? '{}') as Record<string, number>;
    if (rate === 1) delete rates[talkId];
    else rates[talkId] = rate;
    localStorage.setItem(RATES_KEY, JSON.stringify(rates));
  } catch {
    // No storage: the speed lasts until the page is closed.
  }
}

/** Takes the account's position of a talk onto this device when the device has none (another device listened). */
export function adoptAccountPosition(talkId: number, seconds: number | null) {
  if (seconds && seconds > 0 && savedPosition(talkId) === 0) setDevicePlaybackTime(talkPlaybackCode(talkId), seconds);
}

function savePosition(force = false) {
  const talk = current();
  if (!talk || !element) return;
  const now = Date.now();
  if (!force && now - lastSaved < 4000) return;
  lastSaved = now;
  // Near the end counts as finished: the next listen starts from the beginning.
  const time = element.currentTime >= (element.duration || talk.duration) - 5 ? 0 : element.currentTime;
  const seconds = Math.floor(time * 10) / 10;
  setDevicePlaybackTime(talkPlaybackCode(talk.id), seconds);
  if (syncToAccount) {
    const body = new FormData();
    body.set('intent', 'playback');
    body.set('code', talkPlaybackCode(talk.id));
    body.set('currentTime', String(seconds));
    // keepalive: the last position still arrives when the page is being closed. Without a network
    // it is kept for the offline queue (decision 0039) and loses to a later place on the account.
    const keep = () => keepUnsentPlayback(talkPlaybackCode(talk.id), seconds);
    if (!navigator.onLine) keep();
    else void fetch('/reading-progress', { method: 'POST', body, keepalive: true }).catch(keep);
  }
  try {
    localStorage.setItem(LAST_TALK_KEY, JSON.stringify({ queue: state.queue, index: state.index }));
  } catch {
    // No storage: nothing is restored after a reload.
  }
}

function current(): PlayerTalk | null {
  return state.queue[state.index] ?? null;
}

// A talk loaded before the <audio> element is attached (a page's effect may run before the root's
// on the first render): started as soon as it is.
let pending: { startAt: number | null; autoplay: boolean } | null = null;

function startTalk(startAt: number | null, autoplay: boolean) {
  const talk = current();
  if (!talk) return;
  if (!element) {
    pending = { startAt, autoplay };
    return;
  }
  const at = startAt ?? savedPosition(talk.id);
  if (element.getAttribute('src') !== talk.url) element.src = talk.url;
  // Each talk plays at the speed last chosen for it (a fast reading, a slow teaching).
  const rate = savedRate(talk.id);
  element.defaultPlaybackRate = rate;
  element.playbackRate = rate;
  set({ rate });
  const seek = () => {
    element!.currentTime = Math.min(at, element!.duration || at);
    set({ time: element!.currentTime, duration: element!.duration || talk.duration });
  };
  if (element.readyState >= 1) seek();
  else element.addEventListener('loadedmetadata', seek, { once: true });
  set({ time: at, duration: talk.duration });
  if (autoplay) void element.play().catch(() => set({ playing: false }));
}

// The sleep timer counts the wall clock (Date.now and a one-second tick), not the talk's time, so
// 30 minutes are 30 minutes at 2× too; the volume falls over its last SLEEP_FADE_SECONDS. It counts
// only while something plays: paused, it holds what is left (a listener who pauses for a call
// comes back to the same minutes, not to a timer that ran out), and runs on when playback resumes.
let sleepTick: ReturnType<typeof setInterval> | null = null;

/** Called by `set` whenever playback starts or stops: a timed sleep timer runs or holds with it. */
function holdOrRunSleep() {
  const sleep = state.sleep;
  if (!sleep) return;
  if (state.playing && 'heldMs' in sleep) {
    state = { ...state, sleep: { endsAt: Date.now() + sleep.heldMs } };
    sleepTick ??= setInterval(tickSleep, 1000);
  } else if (!state.playing && 'endsAt' in sleep) {
    const heldMs = Math.max(0, sleep.endsAt - Date.now());
    state = { ...state, sleep: { heldMs }, sleepLeft: Math.ceil(heldMs / 1000) };
    if (sleepTick) clearInterval(sleepTick);
    sleepTick = null;
  }
}

// The read-aloud reads it for each sentence it starts.
let volume = 1;

function fadeTo(secondsLeft: number) {
  volume = Math.max(0, Math.min(1, secondsLeft / SLEEP_FADE_SECONDS));
  if (element) element.volume = volume;
}

function endSleep(stop: boolean) {
  if (sleepTick) clearInterval(sleepTick);
  sleepTick = null;
  if (stop) player.pause();
  volume = 1;
  if (element) element.volume = 1;
  set({ sleep: null, sleepLeft: null });
}

function tickSleep() {
  const sleep = state.sleep;
  if (!sleep || !('endsAt' in sleep)) return;
  const left = (sleep.endsAt - Date.now()) / 1000;
  if (left <= 0) return endSleep(true);
  fadeTo(left);
  set({ sleepLeft: Math.ceil(left) });
}

export const player = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getState: () => state,

  /** Whether positions are also saved to the reader's account. */
  syncToAccount(on: boolean) {
    syncToAccount = on;
  },

  /** Called by GlobalPlayer with its <audio> element; restores the last talk (paused). */
  attach(audio: HTMLAudioElement) {
    element = audio;
    audio.addEventListener('timeupdate', () => {
      set({ time: audio.currentTime });
      // "Hết bài": the end of the talk fades in real seconds too (its media time runs faster at 2×).
      if (state.sleep && 'atEnd' in state.sleep && audio.duration) {
        fadeTo((audio.duration - audio.currentTime) / (audio.playbackRate || 1));
      }
      savePosition();
    });
    audio.addEventListener('durationchange', () => set({ duration: audio.duration || state.duration }));
    audio.addEventListener('play', () => set({ playing: true }));
    audio.addEventListener('pause', () => {
      set({ playing: false });
      savePosition(true);
    });
    audio.addEventListener('ended', () => {
      savePosition(true);
      if (state.sleep && 'atEnd' in state.sleep) return endSleep(false);
      if (state.index + 1 < state.queue.length) player.playAt(state.index + 1);
    });
    window.addEventListener('pagehide', () => savePosition(true));
    if (pending) {
      const { startAt, autoplay } = pending;
      pending = null;
      startTalk(startAt, autoplay);
    } else if (state.queue.length === 0) {
      try {
        const saved = JSON.parse(localStorage.getItem(LAST_TALK_KEY) ?? 'null') as {
          queue?: PlayerTalk[];
          index?: number;
        } | null;
        if (saved?.queue?.length) {
          set({ queue: saved.queue, index: Math.min(saved.index ?? 0, saved.queue.length - 1) });
          startTalk(null, false);
        }
      } catch {
        // A broken record: start empty.
      }
    }
  },

  /** Hands the bar to a read-aloud (the talk pauses); null gives it back. */
  drive(engine: PlayerEngine | null) {
    if (engine) element?.pause();
    if (state.engine !== engine) state.engine?.close();
    set({ engine, playing: false, time: 0, duration: 0 });
  },
  /** The read-aloud reached the end of its chapter: false when the sleep timer says to stop there. */
  goOn(): boolean {
    if (state.sleep && 'atEnd' in state.sleep) {
      endSleep(false);
      return false;
    }
    return true;
  },
  volume: () => volume,
  /** A read-aloud tells where it is (its sentence, their count, whether it speaks). */
  report(changes: Pick<PlayerState, 'time' | 'duration' | 'playing'>) {
    set(changes);
  },

  /** Plays `queue[index]` (from `startAt`, else where this device stopped). */
  load(queue: PlayerTalk[], index: number, options: { startAt?: number | null; autoplay?: boolean } = {}) {
    if (state.engine) player.drive(null);
    savePosition(true);
    set({ queue, index, time: 0 });
    startTalk(options.startAt ?? null, options.autoplay ?? true);
  },
  playAt(index: number) {
    if (index < 0 || index >= state.queue.length) return;
    savePosition(true);
    set({ index, time: 0 });
    startTalk(null, true);
  },
  play() {
    if (state.engine) state.engine.play();
    else void element?.play().catch(() => {});
  },
  pause() {
    if (state.engine) state.engine.pause();
    else element?.pause();
  },
  toggle() {
    if (state.playing) player.pause();
    else player.play();
  },
  seek(seconds: number) {
    if (state.engine) return state.engine.seek(seconds);
    if (!element) return;
    element.currentTime = Math.max(0, Math.min(seconds, element.duration || seconds));
    set({ time: element.currentTime });
  },
  skip(delta: number) {
    // A read-aloud moves a sentence at a time.
    if (state.engine) player.seek(state.time + Math.sign(delta));
    else if (element) player.seek(element.currentTime + delta);
  },
  setRate(rate: number) {
    if (state.engine) {
      state.engine.setRate(rate);
      return set({ rate });
    }
    if (element) {
      element.defaultPlaybackRate = rate;
      element.playbackRate = rate;
    }
    const talk = current();
    if (talk) saveRate(talk.id, rate);
    set({ rate });
  },
  /** Stops playback after `minutes` of real time spent playing, or at the end of the talk ('end'); null cancels. */
  setSleepTimer(choice: number | 'end' | null) {
    endSleep(false);
    if (choice === 'end') set({ sleep: { atEnd: true } });
    else if (choice !== null && state.playing) {
      set({ sleep: { endsAt: Date.now() + choice * 60_000 }, sleepLeft: choice * 60 });
      sleepTick = setInterval(tickSleep, 1000);
    } else if (choice !== null) {
      // Set while paused: the minutes start with playback.
      set({ sleep: { heldMs: choice * 60_000 }, sleepLeft: choice * 60 });
    }
  },
  close() {
    endSleep(false);
    state.engine?.close();
    savePosition(true);
    element?.pause();
    element?.removeAttribute('src');
    element?.load();
    try {
      localStorage.removeItem(LAST_TALK_KEY);
    } catch {
      // Nothing to forget.
    }
    set(EMPTY);
  },
  current,
};

/** The talk this device listened to last, and where it stopped (for "continue listening"). */
export function lastListened(): { talk: PlayerTalk; at: number } | null {
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_TALK_KEY) ?? 'null') as {
      queue?: PlayerTalk[];
      index?: number;
    } | null;
    const talk = saved?.queue?.[saved.index ?? 0];
    return talk ? { talk, at: savedPosition(talk.id) } : null;
  } catch {
    return null;
  }
}

export function usePlayer(): PlayerState {
  return useSyncExternalStore(player.subscribe, player.getState, () => EMPTY);
}

/** The talk the player has (playing or paused), if it is this one. */
export function useIsCurrentTalk(talkId: number): boolean {
  const s = usePlayer();
  return s.queue[s.index]?.id === talkId;
}
