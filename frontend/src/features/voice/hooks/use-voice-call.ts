import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ASSISTANT_NAME, type VoiceProvider } from '@rafter/domain/assistant';
import {
  callFailedMessage,
  microphoneRequiredMessage,
  VOICE_ERRORS,
  VOICE_TIMERS,
} from '../widget-constants';
import { startDemoCall } from '../api/demo-call';
import { voiceSettingsQueryOptions } from '../api/voice-settings';
import {
  createVoiceCallClient,
  type Utterance,
  type VoiceCallClient,
} from '../call/voice-call-client';
import { useMicrophone } from './use-microphone';

export type CallStatus = 'idle' | 'connecting' | 'connected';

export interface VoiceCallState {
  status: CallStatus;
  error: string | null;
  agentTalking: boolean;
  /** The running call's transcript, from its `update` events. */
  live: Utterance[];
  /** The assistant answering the running call, once known. */
  provider: VoiceProvider | null;
}

const IDLE: VoiceCallState = {
  status: 'idle',
  error: null,
  agentTalking: false,
  live: [],
  provider: null,
};

interface ActiveCall {
  client: VoiceCallClient;
  unsubscribe: (() => void)[];
  hangup?: ReturnType<typeof setTimeout>;
}

export interface VoiceCallOptions {
  /** The call ended (call_ended, End Call, or the agent leaving): the panel collapses. */
  onCallEnded(): void;
  /** A finished call's transcript, to keep in the conversation. */
  onTranscript(lines: Utterance[]): void;
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String(error.message);
  }
  return String(error);
}

function transcriptLines(lines: unknown): Utterance[] | null {
  if (!Array.isArray(lines)) return null;
  return lines.filter(
    (line): line is Utterance =>
      typeof line === 'object' &&
      line !== null &&
      (line.role === 'agent' || line.role === 'user') &&
      typeof line.content === 'string' &&
      line.content.trim() !== '',
  );
}

/**
 * The voice call state machine (spec section 4): idle → connecting (microphone permission,
 * demo-call token, client, join) → connected → idle. Errors use the spec's texts (section 8).
 */
export function useVoiceCall(options: VoiceCallOptions) {
  const queryClient = useQueryClient();
  const microphone = useMicrophone();
  const [state, setState] = useState<VoiceCallState>(IDLE);
  const callRef = useRef<ActiveCall | null>(null);
  const attemptRef = useRef(0);
  const liveRef = useRef<Utterance[]>([]);
  const optionsRef = useRef(options);
  const releaseMicrophone = microphone.release;

  useEffect(() => {
    optionsRef.current = options;
  });

  /** Back to idle: unsubscribes, releases the microphone, keeps the transcript. */
  const finish = useCallback(
    (error: string | null) => {
      attemptRef.current += 1;
      const call = callRef.current;
      callRef.current = null;
      if (call) {
        clearTimeout(call.hangup);
        for (const unsubscribe of call.unsubscribe) unsubscribe();
      }
      releaseMicrophone();
      const lines = liveRef.current;
      liveRef.current = [];
      if (lines.length) optionsRef.current.onTranscript(lines);
      setState({ ...IDLE, error });
    },
    [releaseMicrophone],
  );

  const endCall = useCallback(() => {
    const call = callRef.current;
    if (!call) return;
    call.client.stopCall();
    finish(null);
    optionsRef.current.onCallEnded();
  }, [finish]);

  const start = useCallback(async () => {
    if (callRef.current || state.status !== 'idle') return;
    const attempt = ++attemptRef.current;
    const stale = () => attempt !== attemptRef.current;
    setState({ ...IDLE, status: 'connecting' });

    const stream = await microphone.request();
    if (stale()) return;
    if (!stream) {
      finish(microphoneRequiredMessage(ASSISTANT_NAME));
      return;
    }

    const settings = await queryClient.fetchQuery(voiceSettingsQueryOptions).catch(() => null);
    let provider: VoiceProvider = settings?.provider ?? 'retell';
    let accessToken = '';
    if (provider === 'retell') {
      const answer = await startDemoCall();
      if (stale()) return;
      if (answer.kind === 'failed') {
        finish(answer.error);
        return;
      }
      if (answer.kind === 'built-in') provider = 'built-in';
      else accessToken = answer.accessToken;
    }

    let client: VoiceCallClient;
    try {
      client = await createVoiceCallClient(provider);
    } catch {
      if (!stale()) finish(VOICE_ERRORS.initializeFailed);
      return;
    }
    if (stale()) return;
    setState((current) => ({ ...current, provider }));

    const call: ActiveCall = { client, unsubscribe: [] };
    callRef.current = call;
    call.unsubscribe.push(
      client.on('call_started', () => {
        if (callRef.current === call) {
          setState((current) => ({ ...current, status: 'connected', error: null }));
        }
      }),
      client.on('call_ended', () => {
        if (callRef.current !== call) return;
        finish(null);
        optionsRef.current.onCallEnded();
      }),
      client.on('agent_start_talking', () =>
        setState((current) => ({ ...current, agentTalking: true })),
      ),
      client.on('agent_stop_talking', () =>
        setState((current) => ({ ...current, agentTalking: false })),
      ),
      client.on('update', (update) => {
        const lines = transcriptLines(update?.transcript);
        if (!lines || callRef.current !== call) return;
        liveRef.current = lines;
        setState((current) => ({ ...current, live: lines }));
      }),
      client.on('error', (error) => {
        if (callRef.current !== call) return;
        const message = errorText(error);
        if (message === VOICE_ERRORS.errorStartingCall) {
          client.stopCall();
          finish(callFailedMessage(message));
          return;
        }
        setState((current) => ({ ...current, error: callFailedMessage(message) }));
      }),
      client.on('participant_left', (participant) => {
        if (participant?.identity !== 'server' || callRef.current !== call) return;
        clearTimeout(call.hangup);
        call.hangup = setTimeout(endCall, VOICE_TIMERS.serverLeaveHangupMs);
      }),
    );

    try {
      await client.startCall({ accessToken });
    } catch {
      if (callRef.current === call) {
        client.stopCall();
        finish(VOICE_ERRORS.connectFailed);
      }
      return;
    }
    if (callRef.current === call) void client.startAudioPlayback().catch(() => {});
  }, [endCall, finish, microphone, queryClient, state.status]);

  /** A typed question for the running call's assistant; false when it takes no text. */
  const sendText = useCallback((text: string): boolean => {
    const client = callRef.current?.client;
    if (!client?.sendText) return false;
    client.sendText(text);
    return true;
  }, []);

  useEffect(
    () => () => {
      const call = callRef.current;
      callRef.current = null;
      if (call) {
        clearTimeout(call.hangup);
        for (const unsubscribe of call.unsubscribe) unsubscribe();
        call.client.stopCall();
      }
    },
    [],
  );

  const clearError = useCallback(() => setState((current) => ({ ...current, error: null })), []);

  return { state, level: microphone.level, start, endCall, sendText, clearError };
}
