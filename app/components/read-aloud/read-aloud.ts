import { player, type PlayerEngine } from '#app/lib/player-store.ts';
import { sentencesOf, type Sentence } from './sentences.ts';
import '#app/styles/read-aloud.css';

/**
 * "Nghe chương này": the chapter read by the browser's own Vietnamese voice (speechSynthesis),
 * driven from the site's player bar (app/lib/player-store.ts, `player.drive`). One utterance per
 * sentence: the sentence being read is painted (CSS Custom Highlight API, as highlights are:
 * decision 0009) and kept in view, pausing is a cancel that resumes at the sentence's start (the
 * API's own pause is unreliable on phones), and at the chapter's end the next chapter is opened and
 * read on — unless the sleep timer says "Hết chương". Loaded only when a reader asks (decision 0031).
 */

const RATE_KEY = 'phap-bao:read-aloud-rate';
const HIGHLIGHT_NAME = 'read-aloud';
const READING_ATTR = 'data-read-aloud';
// How long Chrome may take to fill its list of voices (it arrives with `voiceschanged`).
const VOICES_WAIT_MS = 4000;
const NEXT_CHAPTER_WAIT_MS = 15_000;

/** The Vietnamese voices of this browser; waits for a late list (empty when there are none). */
export async function vietnameseVoices(synth: SpeechSynthesis): Promise<SpeechSynthesisVoice[]> {
  const pick = () => synth.getVoices().filter((v) => /^vi([-_]|$)/i.test(v.lang));
  if (synth.getVoices().length > 0) return pick();
  await new Promise<void>((resolve) => {
    const done = () => {
      synth.removeEventListener('voiceschanged', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, VOICES_WAIT_MS);
    synth.addEventListener('voiceschanged', done);
  });
  return pick();
}

function storedRate(): number {
  try {
    const rate = Number(localStorage.getItem(RATE_KEY));
    return rate >= 0.5 && rate <= 3 ? rate : 1;
  } catch {
    return 1;
  }
}

/** The reader page's chapter: its text, title, book and the next chapter's address (all in the page). */
function chapterInPage() {
  const article = document.querySelector<HTMLElement>('article.reader[data-chapter-code]');
  const text = article?.querySelector<HTMLElement>('[data-testid="chapter-text"]');
  if (!article || !text) return null;
  return {
    code: article.dataset.chapterCode!,
    title: article.dataset.chapterTitle ?? document.title,
    book: article.querySelector('.reader-book-title')?.textContent ?? '',
    text,
    next: article.querySelector<HTMLAnchorElement>('a[rel="next"]')?.getAttribute('href') ?? null,
  };
}

export type StartResult = 'started' | 'no-voice' | 'no-speech';

/**
 * Starts reading the chapter shown, from the paragraph nearest the top of the screen.
 * `navigate` opens the next chapter through the router (the bar and the voice go on).
 */
export async function startReadAloud(navigate: (path: string) => void | Promise<void>): Promise<StartResult> {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return 'no-speech';
  const voices = await vietnameseVoices(synth);
  if (voices.length === 0) return 'no-voice';
  const chapter = chapterInPage();
  if (!chapter) return 'no-speech';
  const engine = new ReadAloud(synth, voices.find((v) => v.localService) ?? voices[0]!, navigate);
  engine.open(chapter);
  player.drive(engine);
  player.report({ time: engine.index, duration: engine.sentences.length, playing: false });
  player.setRate(storedRate());
  engine.play();
  return 'started';
}

class ReadAloud implements PlayerEngine {
  title = '';
  albumTitle = '';
  pageUrl = '';
  sentences: Sentence[] = [];
  index = 0;
  private chapterCode = '';
  private next: string | null = null;
  private rate = 1;
  // Each utterance carries the generation it was started in: events of a cancelled one are ignored.
  private generation = 0;
  private speaking = false;

  constructor(
    private readonly synth: SpeechSynthesis,
    private readonly voice: SpeechSynthesisVoice,
    private readonly navigate: (path: string) => void | Promise<void>,
  ) {}

  open(chapter: NonNullable<ReturnType<typeof chapterInPage>>) {
    this.sentences = sentencesOf(chapter.text);
    this.chapterCode = chapter.code;
    this.next = chapter.next;
    this.title = chapter.title;
    this.albumTitle = chapter.book ? `Đọc: ${chapter.book}` : 'Đọc';
    this.pageUrl = location.pathname;
    this.index = firstVisible(this.sentences);
  }

  play() {
    this.speak(this.index);
  }

  pause() {
    this.stop();
    this.report();
  }

  seek(at: number) {
    const index = Math.max(0, Math.min(Math.round(at), this.sentences.length - 1));
    if (this.speaking) this.speak(index);
    else {
      this.index = index;
      this.paint();
      this.report();
    }
  }

  setRate(rate: number) {
    this.rate = rate;
    try {
      if (rate === 1) localStorage.removeItem(RATE_KEY);
      else localStorage.setItem(RATE_KEY, String(rate));
    } catch {
      // No storage: the speed lasts until the page is closed.
    }
    // The new speed from the start of the sentence being read.
    if (this.speaking) this.speak(this.index);
  }

  close() {
    this.stop();
    this.unpaint();
  }

  private stop() {
    this.generation++;
    this.speaking = false;
    this.synth.cancel();
  }

  private report() {
    player.report({ time: this.index, duration: this.sentences.length, playing: this.speaking });
  }

  private speak(index: number) {
    this.stop();
    if (index >= this.sentences.length) return void this.finishChapter();
    this.index = index;
    this.speaking = true;
    const generation = this.generation;
    const sentence = this.sentences[index]!;
    const utterance = new SpeechSynthesisUtterance(sentence.spoken);
    utterance.lang = this.voice.lang || 'vi-VN';
    utterance.voice = this.voice;
    utterance.rate = this.rate;
    // The sleep timer's fade (its last seconds) lowers each sentence's volume.
    utterance.volume = player.volume();
    utterance.onend = () => {
      if (generation === this.generation) this.speak(index + 1);
    };
    utterance.onerror = (event) => {
      if (generation !== this.generation || event.error === 'interrupted' || event.error === 'canceled') return;
      this.speaking = false;
      this.report();
    };
    this.paint();
    this.report();
    this.synth.speak(utterance);
  }

  private async finishChapter() {
    this.index = Math.max(0, this.sentences.length - 1);
    const next = this.next;
    if (!next || !player.goOn()) {
      this.speaking = false;
      this.unpaint();
      this.index = 0;
      return this.report();
    }
    // The bar keeps its place while the next chapter opens, then reads it from its first sentence.
    this.speaking = true;
    this.report();
    const before = this.chapterCode;
    const generation = this.generation;
    await this.navigate(next);
    const chapter = await waitFor(() => {
      const shown = chapterInPage();
      return shown && shown.code !== before ? shown : null;
    }, NEXT_CHAPTER_WAIT_MS);
    if (generation !== this.generation || player.getState().engine !== this) return;
    if (!chapter) {
      this.speaking = false;
      return this.report();
    }
    this.open(chapter);
    this.speak(0);
  }

  private paint() {
    this.unpaint();
    const sentence = this.sentences[this.index];
    if (!sentence) return;
    sentence.block.setAttribute(READING_ATTR, '');
    if (typeof CSS !== 'undefined' && 'highlights' in CSS)
      CSS.highlights.set(HIGHLIGHT_NAME, new Highlight(sentence.range));
    keepInView(sentence.range);
  }

  private unpaint() {
    document.querySelectorAll(`[${READING_ATTR}]`).forEach((el) => el.removeAttribute(READING_ATTR));
    if (typeof CSS !== 'undefined' && 'highlights' in CSS) CSS.highlights.delete(HIGHLIGHT_NAME);
  }
}

/** The first sentence whose block is on screen (reading starts where the reader is), else 0. */
function firstVisible(sentences: Sentence[]): number {
  const top = innerHeight * 0.15;
  const i = sentences.findIndex((s) => s.range.getBoundingClientRect().bottom > top);
  return Math.max(0, i);
}

/** Scrolls so the sentence sits in the upper third when it is out of the comfortable middle of the screen. */
function keepInView(range: Range) {
  const rect = range.getBoundingClientRect();
  if (rect.height === 0 && rect.width === 0) return;
  // The site's bars: the reader's bar on top, the player bar (over the phone's bottom bar) below.
  const bottom = document.querySelector('[data-testid="player-bar"]')?.getBoundingClientRect().top ?? innerHeight;
  if (rect.top >= 96 && rect.bottom <= bottom - 16) return;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  scrollBy({ top: rect.top - innerHeight / 3, behavior: still ? 'auto' : 'smooth' });
}

function waitFor<T>(find: () => T | null, timeout: number): Promise<T | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const look = () => {
      const found = find();
      if (found || Date.now() - started > timeout) resolve(found);
      else setTimeout(look, 100);
    };
    look();
  });
}
