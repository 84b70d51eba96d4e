import { answerSalesQuestion, assistantGreeting } from './sales-assistant';
import type {
  Utterance,
  VoiceCallClient,
  VoiceCallEvent,
  VoiceCallEvents,
} from './voice-call-client';

/** The parts of the Web Speech API's recognition the assistant uses (not in every DOM typing). */
interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

interface RecognitionResultEvent {
  resultIndex: number;
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/** Errors after which listening cannot work in this browser; typing still does. */
const RECOGNITION_UNAVAILABLE = new Set([
  'not-allowed',
  'service-not-allowed',
  'network',
  'audio-capture',
  'language-not-supported',
]);

export const TYPE_INSTEAD_NOTE =
  'Speech recognition is not available in this browser, so type your questions below.';

/**
 * The built-in sales assistant as a voice call, for sites without Retell: it greets, listens with
 * the browser's speech recognition where there is one, answers from the sales FAQ in the
 * transcript and out loud (speech synthesis), and takes typed questions too. Its transcript goes
 * out in Retell's `update` shape, so the widget treats both the same way.
 */
export class BuiltInCallClient implements VoiceCallClient {
  private readonly listeners = new Map<VoiceCallEvent, Set<(...args: never[]) => void>>();
  private readonly transcript: Utterance[] = [];
  private recognition: Recognition | null = null;
  private active = false;
  private speaking = 0;

  async startCall(): Promise<void> {
    this.active = true;
    this.emit('call_started');
    const Constructor = recognitionConstructor();
    this.say(
      Constructor ? assistantGreeting() : `${assistantGreeting()} ${TYPE_INSTEAD_NOTE}`,
      false,
    );
    if (Constructor) this.listen(Constructor);
  }

  stopCall(): void {
    if (!this.active) return;
    this.active = false;
    const recognition = this.recognition;
    this.recognition = null;
    recognition?.abort();
    if (this.speaking > 0) window.speechSynthesis?.cancel();
    this.emit('call_ended');
  }

  async startAudioPlayback(): Promise<void> {
    // Speech synthesis needs no unlocking beyond the click that started the call.
  }

  on<E extends VoiceCallEvent>(
    event: E,
    listener: (...args: VoiceCallEvents[E]) => void,
  ): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (...args: never[]) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (...args: never[]) => void);
  }

  sendText(text: string): void {
    const question = text.trim();
    if (!this.active || !question) return;
    this.transcript.push({ role: 'user', content: question });
    const answer = answerSalesQuestion(question);
    this.say(answer.reply, answer.offerSignup);
  }

  private emit<E extends VoiceCallEvent>(event: E, ...args: VoiceCallEvents[E]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      (listener as (...values: VoiceCallEvents[E]) => void)(...args);
    }
  }

  private say(text: string, offerSignup: boolean): void {
    this.transcript.push({ role: 'agent', content: text, ...(offerSignup ? { offerSignup } : {}) });
    this.emit('update', { event_type: 'update', transcript: [...this.transcript] });
    const synthesis = window.speechSynthesis as SpeechSynthesis | undefined;
    if (!synthesis || typeof SpeechSynthesisUtterance === 'undefined') return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = 'en-US';
    const done = () => {
      this.speaking = Math.max(0, this.speaking - 1);
      if (this.speaking === 0 && this.active) this.emit('agent_stop_talking');
    };
    utterance.onend = done;
    utterance.onerror = done;
    if (this.speaking === 0) this.emit('agent_start_talking');
    this.speaking += 1;
    synthesis.speak(utterance);
  }

  private listen(Constructor: RecognitionConstructor): void {
    const recognition = new Constructor();
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.lang = 'en-US';
    recognition.onresult = (event) => {
      // Its own voice must not become a question: ignore what is heard while it speaks.
      if (this.speaking > 0) return;
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        if (result?.isFinal) this.sendText(result[0]?.transcript ?? '');
      }
    };
    recognition.onerror = (event) => {
      if (!RECOGNITION_UNAVAILABLE.has(event.error) || this.recognition !== recognition) return;
      this.recognition = null;
      this.say(TYPE_INSTEAD_NOTE, false);
    };
    // Browsers end recognition after a silence: keep listening while the call lasts.
    recognition.onend = () => {
      if (!this.active || this.recognition !== recognition) return;
      try {
        recognition.start();
      } catch {
        this.recognition = null;
      }
    };
    this.recognition = recognition;
    try {
      recognition.start();
    } catch {
      this.recognition = null;
      this.say(TYPE_INSTEAD_NOTE, false);
    }
  }
}
