import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSISTANT_NAME } from '@rafter/domain/voice';
import { VOICE_MOBILE_BREAKPOINT_PX } from '../widget-constants';
import { answerSalesQuestion, assistantGreeting } from '../call/sales-assistant';
import { onDemoInteraction } from '../../../lib/demo-interaction';
import { voiceSettingsQueryOptions } from '../api/voice-settings';
import type { Utterance } from '../call/voice-call-client';
import { useNudges } from '../hooks/use-nudges';
import { useVoiceCall } from '../hooks/use-voice-call';
import { PathIcon } from '../../../components/PathIcon';
import { useMediaQuery } from '../hooks/use-media-query';
import styles from './voice-widget.module.css';

const loadPanel = () => import('./VoicePanel');
// The panel (call controls, conversation, question field; MUI and its theme) loads when it is
// first opened, or as a pointer or focus reaches the button: the button alone, plain HTML and
// CSS, is what the landing page shows at first.
const VoicePanel = lazy(loadPanel);

/** Material's HeadsetMic icon. */
const HEADSET_MIC =
  'M12 1c-4.97 0-9 4.03-9 9v7c0 1.66 1.34 3 3 3h3v-8H5v-2c0-3.87 3.13-7 7-7s7 3.13 7 7v2h-4v8h4v1h-7v2h6c1.66 0 3-1.34 3-3V10c0-4.97-4.03-9-9-9';

/** Moves focus to the panel's heading as the panel appears, whenever its code has loaded. */
function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}

export interface VoiceAssistantWidgetProps {
  /** The page's sign-in and sign-up dialog is showing: the widget steps back meanwhile. */
  authDialogOpen: boolean;
  /** Opens the sign-up dialog (the assistant's offer at the end of a call). */
  onSignup: () => void;
}

const GREETING: Utterance = { role: 'agent', content: assistantGreeting() };

/**
 * The landing page's floating voice sales assistant (spec sections 2 and 4): a round button at
 * the bottom right that opens a panel with a call button and the conversation. Nudge bubbles
 * invite a visitor in until they open it, call, try the demo calculator, or sign in. While the
 * auth dialog is open it hides on phones and is dimmed and inert on wider screens. The page
 * that shows it owns the auth dialog and passes its state in (a feature never reaches into
 * another one).
 */
export default function VoiceAssistantWidget({
  authDialogOpen,
  onSignup,
}: VoiceAssistantWidgetProps) {
  const queryClient = useQueryClient();
  const narrow = useMediaQuery(`(max-width:${VOICE_MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const panelId = useId();
  const fabRef = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [nudgesStopped, setNudgesStopped] = useState(false);
  const [history, setHistory] = useState<Utterance[]>([GREETING]);
  const settings = useQuery({ ...voiceSettingsQueryOptions, enabled: expanded });

  const collapse = useCallback(() => {
    setExpanded(false);
    // Focus would otherwise be lost with the panel: hand it to the button that opens it again.
    if (fabRef.current && document.activeElement !== fabRef.current) {
      const panel = document.getElementById(panelId);
      if (
        !document.activeElement ||
        document.activeElement === document.body ||
        panel?.contains(document.activeElement)
      ) {
        fabRef.current.focus();
      }
    }
  }, [panelId]);

  const call = useVoiceCall({
    onCallEnded: collapse,
    onTranscript: (lines) => setHistory((current) => [...current, ...lines]),
  });

  useEffect(() => onDemoInteraction(() => setNudgesStopped(true)), []);

  const open = () => {
    setNudgesStopped(true);
    setExpanded(true);
  };

  const startCall = () => {
    setNudgesStopped(true);
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

  const nudge = useNudges(
    !nudgesStopped && !expanded && !authDialogOpen && call.state.status === 'idle',
  );
  const inCall = call.state.status === 'connected';
  const builtIn = (call.state.provider ?? settings.data?.provider) === 'built-in';
  const stepBack = authDialogOpen && !narrow;

  return (
    <div
      data-testid="voice-assistant"
      inert={stepBack || undefined}
      className={styles.root}
      style={{
        display: authDialogOpen && narrow ? 'none' : undefined,
        opacity: stepBack ? 0.4 : undefined,
      }}
    >
      {expanded && (
        <Suspense fallback={null}>
          <VoicePanel
            id={panelId}
            call={call.state}
            level={call.level}
            lines={[...history, ...call.state.live]}
            builtIn={builtIn}
            headingRef={focusOnMount}
            onStart={startCall}
            onEnd={call.endCall}
            onClose={collapse}
            onAsk={ask}
            onSignup={onSignup}
          />
        </Suspense>
      )}
      {nudge && (
        // A tap on the bubble opens the panel too; the button below is the keyboard's way in.
        <div
          role="note"
          aria-label={`Message from ${ASSISTANT_NAME}`}
          className={styles.nudge}
          onClick={open}
        >
          {nudge}
        </div>
      )}
      <button
        type="button"
        ref={fabRef}
        className={inCall ? `${styles.fab} ${styles.pulse}` : styles.fab}
        aria-label={`Talk to ${ASSISTANT_NAME}, our sales assistant`}
        aria-expanded={expanded}
        aria-controls={expanded ? panelId : undefined}
        onClick={() => (expanded ? collapse() : open())}
        onPointerEnter={() => {
          void queryClient.prefetchQuery(voiceSettingsQueryOptions);
          void loadPanel();
        }}
        onFocus={() => void loadPanel()}
      >
        <PathIcon path={HEADSET_MIC} className={styles.icon} />
      </button>
    </div>
  );
}
