import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ASSISTANT_NAME } from '@rafter/domain/assistant';
import { VOICE_MOBILE_BREAKPOINT_PX } from '../widget-constants';
import { onDemoInteraction } from '../../../lib/demo-interaction';
import { voiceSettingsQueryOptions } from '../api/voice-settings';
import { useNudges } from '../hooks/use-nudges';
import { PathIcon } from '../../../components/PathIcon';
import { useMediaQuery } from '../hooks/use-media-query';
import styles from './voice-widget.module.css';

const loadSession = () => import('./VoiceSession');
// The conversation (the call clients, the built-in answers, the panel with MUI and its theme)
// loads when the panel is first opened, or as a pointer or focus reaches the button: the button
// and its nudges, plain HTML and CSS, are all the landing page runs until then.
const VoiceSession = lazy(loadSession);

/** Material's HeadsetMic icon. */
const HEADSET_MIC =
  'M12 1c-4.97 0-9 4.03-9 9v7c0 1.66 1.34 3 3 3h3v-8H5v-2c0-3.87 3.13-7 7-7s7 3.13 7 7v2h-4v8h4v1h-7v2h6c1.66 0 3-1.34 3-3V10c0-4.97-4.03-9-9-9';

export interface VoiceAssistantWidgetProps {
  /** The page's sign-in and sign-up dialog is showing: the widget steps back meanwhile. */
  authDialogOpen: boolean;
  /** Opens the sign-up dialog (the assistant's offer at the end of a call). */
  onSignup: () => void;
}

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
  // Once opened, the conversation stays mounted (closed, it keeps its history and its call).
  const [sessionStarted, setSessionStarted] = useState(false);
  const [nudgesStopped, setNudgesStopped] = useState(false);
  const [connected, setConnected] = useState(false);

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
  const stopNudges = useCallback(() => setNudgesStopped(true), []);

  useEffect(() => onDemoInteraction(stopNudges), [stopNudges]);

  const open = () => {
    setNudgesStopped(true);
    setSessionStarted(true);
    setExpanded(true);
  };

  const reach = () => {
    void queryClient.prefetchQuery(voiceSettingsQueryOptions);
    void loadSession();
  };

  // A call starts only from the panel, which stops the nudges: no call runs while they show.
  const nudge = useNudges(!nudgesStopped && !expanded && !authDialogOpen);
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
      {sessionStarted && (
        <Suspense fallback={null}>
          <VoiceSession
            panelId={panelId}
            expanded={expanded}
            onCollapse={collapse}
            onCallStart={stopNudges}
            onConnectedChange={setConnected}
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
        className={connected ? `${styles.fab} ${styles.pulse}` : styles.fab}
        aria-label={`Talk to ${ASSISTANT_NAME}, our sales assistant`}
        aria-expanded={expanded}
        aria-controls={expanded ? panelId : undefined}
        onClick={() => (expanded ? collapse() : open())}
        onPointerEnter={reach}
        onFocus={reach}
      >
        <PathIcon path={HEADSET_MIC} className={styles.icon} />
      </button>
    </div>
  );
}
