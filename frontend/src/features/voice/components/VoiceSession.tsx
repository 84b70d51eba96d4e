import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { answerSalesQuestion, assistantGreeting } from '../call/sales-assistant';
import { voiceSettingsQueryOptions } from '../api/voice-settings';
import type { Utterance } from '../call/voice-call-client';
import { useVoiceCall } from '../hooks/use-voice-call';
import VoicePanel from './VoicePanel';

export interface VoiceSessionProps {
  /** The panel's element id (the assistant's button points at it while it shows). */
  panelId: string;
  /** The panel shows; collapsed, the session keeps its conversation and any running call. */
  expanded: boolean;
  /** Closes the panel (its close button, Escape, or the call ending). */
  onCollapse: () => void;
  /** A call was started: the nudges stop for good. */
  onCallStart: () => void;
  /** Whether a call is connected, for the button's pulse. */
  onConnectedChange: (connected: boolean) => void;
  /** Opens the sign-up dialog (the assistant's offer at the end of a call). */
  onSignup: () => void;
}

const GREETING: Utterance = { role: 'agent', content: assistantGreeting() };

/** Moves focus to the panel's heading as the panel appears. */
function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}

/**
 * The voice assistant's conversation: the call, the transcript, the typed questions and the panel
 * that shows them. Its code (the call clients, the built-in answers, the panel's MUI) loads only
 * when a visitor reaches for the assistant's button; from the first opening on it stays mounted,
 * so closing the panel keeps the conversation and a running call.
 */
export default function VoiceSession({
  panelId,
  expanded,
  onCollapse,
  onCallStart,
  onConnectedChange,
  onSignup,
}: VoiceSessionProps) {
  const [history, setHistory] = useState<Utterance[]>([GREETING]);
  const settings = useQuery(voiceSettingsQueryOptions);

  const call = useVoiceCall({
    onCallEnded: onCollapse,
    onTranscript: (lines) => setHistory((current) => [...current, ...lines]),
  });

  const connected = call.state.status === 'connected';
  useEffect(() => onConnectedChange(connected), [connected, onConnectedChange]);

  const startCall = () => {
    onCallStart();
    void call.start();
  };

  const ask = (text: string) => {
    if (call.sendText(text)) return;
    const answer = answerSalesQuestion(text);
    setHistory((current) => [
      ...current,
      { role: 'user', content: text },
      { role: 'agent', content: answer.reply, offerSignup: answer.offerSignup },
    ]);
  };

  if (!expanded) return null;
  return (
    <VoicePanel
      id={panelId}
      call={call.state}
      level={call.level}
      lines={[...history, ...call.state.live]}
      builtIn={(call.state.provider ?? settings.data?.provider) === 'built-in'}
      headingRef={focusOnMount}
      onStart={startCall}
      onEnd={call.endCall}
      onClose={onCollapse}
      onAsk={ask}
      onSignup={onSignup}
    />
  );
}
