import type { VoiceProvider } from '@rafter/domain/assistant';

/** One line of a call's transcript, as Retell's `update` event sends it. */
export interface Utterance {
  role: 'agent' | 'user';
  content: string;
  /** Built-in assistant only: the line offers to open sign-up. */
  offerSignup?: boolean;
}

/** Retell's `update` event (spec section 3): the latest transcript lines, when present. */
export interface VoiceCallUpdate {
  event_type?: 'update';
  transcript?: Utterance[];
}

/** Events a voice call emits, with their arguments (Retell's names). */
export interface VoiceCallEvents {
  call_started: [];
  call_ended: [];
  agent_start_talking: [];
  agent_stop_talking: [];
  update: [VoiceCallUpdate];
  metadata: [unknown];
  node_transition: [unknown];
  /** A message, or an Error. 'Error starting call' means joining failed. */
  error: [unknown];
  /** A room participant left; identity 'server' is the agent hanging up. */
  participant_left: [{ identity: string }];
}

export type VoiceCallEvent = keyof VoiceCallEvents;

/**
 * What the widget needs from a voice call: the Retell web client, the built-in assistant, or
 * the browser tests' scripted fake all fit it.
 */
export interface VoiceCallClient {
  startCall(config: { accessToken: string }): Promise<void>;
  stopCall(): void;
  /** Browsers may block audio until a user gesture; call it right after a click. */
  startAudioPlayback(): Promise<void>;
  /** Subscribes; returns the unsubscribe function. */
  on<E extends VoiceCallEvent>(
    event: E,
    listener: (...args: VoiceCallEvents[E]) => void,
  ): () => void;
  /** A typed question, for assistants that take text during the call (the built-in one). */
  sendText?(text: string): void;
}

export type VoiceCallClientFactory = (
  provider: VoiceProvider,
) => VoiceCallClient | Promise<VoiceCallClient>;

declare global {
  interface Window {
    /**
     * The browser tests' seam: when a script already running in the page (Playwright's
     * addInitScript) sets this, calls use the client it returns instead of Retell's SDK or the
     * built-in assistant. Nothing in the product sets it.
     */
    __rafterVoiceClientFactory?: VoiceCallClientFactory;
  }
}

/**
 * The client for a call. Retell's SDK (and the LiveKit client it pulls in) loads only here, when
 * a visitor starts a call, never with the landing page.
 */
export async function createVoiceCallClient(provider: VoiceProvider): Promise<VoiceCallClient> {
  const testFactory = window.__rafterVoiceClientFactory;
  if (typeof testFactory === 'function') return testFactory(provider);
  if (provider === 'built-in') {
    const { BuiltInCallClient } = await import('./built-in-call-client');
    return new BuiltInCallClient();
  }
  const { RetellCallClient } = await import('./retell-call-client');
  return new RetellCallClient();
}
