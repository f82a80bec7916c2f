import { describe, expect, it } from 'vitest';
import {
  appendDictation,
  DictationSession,
  speechRecognitionOf,
  type DictationState,
  type SpeechRecognitionLike,
  type SpeechResultEventLike,
} from './use-dictation';

/** A stand-in for the browser's recognition that a test drives by hand. */
class FakeRecognition implements SpeechRecognitionLike {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: ((event: SpeechResultEventLike) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = 0;
  stopped = 0;
  aborted = 0;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started += 1;
  }
  stop() {
    this.stopped += 1;
    this.onend?.();
  }
  abort() {
    this.aborted += 1;
  }
  hear(results: [string, boolean][], resultIndex = 0) {
    this.onresult?.({
      resultIndex,
      results: results.map(([transcript, isFinal]) => ({ isFinal, 0: { transcript } })),
    });
  }
}

function session() {
  const finals: string[] = [];
  const states: DictationState[] = [];
  const dictation = new DictationSession(FakeRecognition, {
    lang: 'en-GB',
    onFinal: (text) => finals.push(text),
    onChange: (state) => states.push(state),
  });
  return { dictation, finals, states, last: () => states.at(-1) };
}

describe('dictation', () => {
  it('listens in the app’s language, shows what it hears, and hands over final phrases', () => {
    const { dictation, finals, last } = session();
    dictation.start();
    const recognition = FakeRecognition.last!;
    expect(recognition).toMatchObject({
      lang: 'en-GB',
      continuous: true,
      interimResults: true,
      started: 1,
    });
    expect(last()).toEqual({ listening: true, interim: '', error: null });

    recognition.hear([['navy wool', false]]);
    expect(last()?.interim).toBe('navy wool');
    recognition.hear([
      ['Navy wool coat ', true],
      ['with horn', false],
    ]);
    expect(finals).toEqual(['Navy wool coat']);
    expect(last()?.interim).toBe('with horn');

    // Starting again while listening makes no second recognition.
    dictation.start();
    expect(recognition.started).toBe(1);

    dictation.stop();
    expect(recognition.stopped).toBe(1);
    expect(last()).toEqual({ listening: false, interim: '', error: null });
  });

  it.each([
    ['not-allowed', 'denied'],
    ['service-not-allowed', 'denied'],
    ['audio-capture', 'noMicrophone'],
    ['network', 'network'],
    ['no-speech', 'noSpeech'],
    ['language-not-supported', 'language'],
    ['bad-grammar', 'other'],
  ])('explains the error %s as %s', (code, reason) => {
    const { dictation, last } = session();
    dictation.start();
    FakeRecognition.last!.onerror?.({ error: code });
    FakeRecognition.last!.onend?.();
    expect(last()).toEqual({ listening: false, interim: '', error: reason });
  });

  it('says nothing when the seller stopped it, and drops the recognition when the screen goes', () => {
    const { dictation, last } = session();
    dictation.start();
    const recognition = FakeRecognition.last!;
    recognition.onerror?.({ error: 'aborted' });
    expect(last()?.error).toBeNull();
    dictation.dispose();
    expect(recognition.aborted).toBe(1);
  });

  it('finds the recognition under either name, and none when the browser has neither', () => {
    expect(speechRecognitionOf({ webkitSpeechRecognition: FakeRecognition })).toBe(FakeRecognition);
    expect(speechRecognitionOf({ SpeechRecognition: FakeRecognition })).toBe(FakeRecognition);
    expect(speechRecognitionOf({})).toBeNull();
    expect(speechRecognitionOf(undefined)).toBeNull();
  });

  it('adds a phrase at the end of the description, within its length', () => {
    expect(appendDictation('', 'Navy coat', 100)).toBe('Navy coat');
    expect(appendDictation('Wool.  ', 'Horn buttons', 100)).toBe('Wool. Horn buttons');
    expect(appendDictation('abc', 'defgh', 6)).toBe('abc de');
  });
});
