import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuiltInCallClient, TYPE_INSTEAD_NOTE } from './call/built-in-call-client';
import type { VoiceCallUpdate } from './call/voice-call-client';

class FakeRecognition {
  static last: FakeRecognition | null = null;
  continuous = false;
  interimResults = true;
  lang = '';
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start = vi.fn();
  stop = vi.fn();
  abort = vi.fn();
  constructor() {
    FakeRecognition.last = this;
  }
  hear(text: string) {
    const result = Object.assign([{ transcript: text }], { isFinal: true });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
}

function record(client: BuiltInCallClient) {
  const events: string[] = [];
  let transcript: VoiceCallUpdate['transcript'] = [];
  for (const name of [
    'call_started',
    'call_ended',
    'agent_start_talking',
    'agent_stop_talking',
  ] as const) {
    client.on(name, () => events.push(name));
  }
  client.on('update', (update) => {
    transcript = update.transcript;
  });
  return { events, transcript: () => transcript ?? [] };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeRecognition.last = null;
});

describe('the built-in assistant as a call', () => {
  it('greets, tells a browser without speech recognition to type, and answers typed questions', async () => {
    const client = new BuiltInCallClient();
    const { events, transcript } = record(client);

    await client.startCall();
    expect(events).toContain('call_started');
    expect(transcript()[0]).toMatchObject({ role: 'agent' });
    expect(transcript()[0]?.content).toContain("I'm Riley");
    expect(transcript()[0]?.content).toContain(TYPE_INSTEAD_NOTE);

    client.sendText('How much is the Smart plan?');
    expect(transcript().slice(-2)).toEqual([
      { role: 'user', content: 'How much is the Smart plan?' },
      expect.objectContaining({ role: 'agent', content: expect.stringContaining('$47') }),
    ]);

    client.sendText('I want to sign up');
    expect(transcript().at(-1)).toMatchObject({ offerSignup: true });

    client.stopCall();
    client.stopCall();
    expect(events.filter((event) => event === 'call_ended')).toHaveLength(1);
    client.sendText('still there?');
    expect(transcript().at(-1)?.content).not.toBe('still there?');
  });

  it('listens with speech recognition and speaks its answers', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const spoken: { text: string; onend: (() => void) | null }[] = [];
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(readonly text: string) {}
      },
    );
    vi.stubGlobal('speechSynthesis', {
      speak: (utterance: { text: string; onend: (() => void) | null }) => spoken.push(utterance),
      cancel: vi.fn(),
    });
    const client = new BuiltInCallClient();
    const { events, transcript } = record(client);

    await client.startCall();
    const recognition = FakeRecognition.last!;
    expect(recognition.start).toHaveBeenCalled();
    expect(recognition.continuous).toBe(true);
    expect(spoken[0]?.text).toContain("I'm Riley");
    expect(events).toContain('agent_start_talking');

    // What it hears of its own voice is not a question.
    recognition.hear('Hi I am Riley');
    expect(transcript()).toHaveLength(1);

    spoken[0]?.onend?.();
    expect(events.at(-1)).toBe('agent_stop_talking');
    recognition.hear('Is there a setup fee?');
    expect(transcript().at(-1)?.content).toContain('no setup fees');
    expect(spoken.at(-1)?.text).toContain('no setup fees');

    recognition.onend?.();
    expect(recognition.start).toHaveBeenCalledTimes(2);

    client.stopCall();
    expect(recognition.abort).toHaveBeenCalled();
  });

  it('falls back to typing when recognition is not allowed', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const client = new BuiltInCallClient();
    const { transcript } = record(client);

    await client.startCall();
    FakeRecognition.last!.onerror?.({ error: 'not-allowed' });

    expect(transcript().at(-1)?.content).toBe(TYPE_INSTEAD_NOTE);
  });
});
