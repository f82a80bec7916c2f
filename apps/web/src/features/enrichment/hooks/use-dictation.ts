import { useCallback, useEffect, useRef, useState } from 'react';

/** The parts of the Web Speech API's recognition this hook uses. */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: SpeechResultEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export interface SpeechResultEventLike {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's speech recognition, under its standard or its WebKit name; null without one. */
export function speechRecognitionOf(
  scope: unknown = typeof window === 'undefined' ? undefined : window,
): SpeechRecognitionConstructor | null {
  const found = scope as
    { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown } | undefined;
  const ctor = found?.SpeechRecognition ?? found?.webkitSpeechRecognition;
  return typeof ctor === 'function' ? (ctor as SpeechRecognitionConstructor) : null;
}

/** Why dictation stopped, in words the screen explains. */
export type DictationError =
  'denied' | 'noMicrophone' | 'network' | 'noSpeech' | 'language' | 'other';

export function dictationErrorOf(code: string): DictationError | null {
  switch (code) {
    case 'aborted':
      return null;
    case 'not-allowed':
    case 'service-not-allowed':
      return 'denied';
    case 'audio-capture':
      return 'noMicrophone';
    case 'network':
      return 'network';
    case 'no-speech':
      return 'noSpeech';
    case 'language-not-supported':
      return 'language';
    default:
      return 'other';
  }
}

export interface DictationState {
  listening: boolean;
  /** What is being heard and not yet final. */
  interim: string;
  error: DictationError | null;
}

export const IDLE: DictationState = { listening: false, interim: '', error: null };

/**
 * One dictation with the browser's recognition, outside React (so it is tested without a
 * DOM): each final phrase goes to `onFinal`, every change of state to `onChange`.
 */
export class DictationSession {
  private recognition: SpeechRecognitionLike | null = null;
  private state: DictationState = IDLE;

  constructor(
    private readonly Recognition: SpeechRecognitionConstructor,
    private readonly options: {
      lang: string;
      onFinal: (text: string) => void;
      onChange: (state: DictationState) => void;
    },
  ) {}

  start(): void {
    if (this.recognition) return;
    const recognition = new this.Recognition();
    recognition.lang = this.options.lang;
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.onresult = (event) => {
      let heard = '';
      for (let index = event.resultIndex; index < event.results.length; index += 1) {
        const result = event.results[index]!;
        const text = result[0].transcript;
        if (result.isFinal) {
          if (text.trim()) this.options.onFinal(text.trim());
        } else heard += text;
      }
      this.set({ interim: heard.trim() });
    };
    recognition.onerror = (event) => {
      const reason = dictationErrorOf(event.error);
      if (reason) this.set({ error: reason });
    };
    recognition.onend = () => {
      this.recognition = null;
      this.set({ listening: false, interim: '' });
    };
    this.recognition = recognition;
    this.set({ listening: true, interim: '', error: null });
    try {
      recognition.start();
    } catch {
      // Started twice, or refused at once: the recognition says so no other way.
      this.recognition = null;
      this.set({ listening: false, error: 'other' });
    }
  }

  /** Stops listening; what was heard so far still arrives as final. */
  stop(): void {
    this.recognition?.stop();
  }

  /** Drops the recognition without waiting for its last words (the screen is going). */
  dispose(): void {
    const recognition = this.recognition;
    this.recognition = null;
    recognition?.abort();
  }

  private set(change: Partial<DictationState>): void {
    this.state = { ...this.state, ...change };
    this.options.onChange(this.state);
  }
}

export interface Dictation extends DictationState {
  supported: boolean;
  start(): void;
  stop(): void;
}

/** Dictation in `lang` with the browser's recognition, as React state; stops when unmounted. */
export function useDictation(options: {
  lang: string;
  onFinal: (text: string) => void;
}): Dictation {
  const [Recognition] = useState(() => speechRecognitionOf());
  const [state, setState] = useState<DictationState>(IDLE);
  const session = useRef<DictationSession | null>(null);
  const onFinal = useRef(options.onFinal);
  useEffect(() => {
    onFinal.current = options.onFinal;
  });
  useEffect(
    () => () => {
      session.current?.dispose();
      session.current = null;
    },
    [],
  );

  const start = useCallback(() => {
    if (!Recognition) return;
    session.current?.dispose();
    session.current = new DictationSession(Recognition, {
      lang: options.lang,
      onFinal: (text) => onFinal.current(text),
      onChange: setState,
    });
    session.current.start();
  }, [Recognition, options.lang]);
  const stop = useCallback(() => session.current?.stop(), []);

  return { supported: Recognition !== null, ...state, start, stop };
}

/** The description with a dictated phrase added at its end, within `max` characters. */
export function appendDictation(description: string, phrase: string, max: number): string {
  const before = description.trimEnd();
  const joined = before ? `${before} ${phrase.trim()}` : phrase.trim();
  return joined.slice(0, max);
}
