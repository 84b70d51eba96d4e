import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSISTANT_NAME } from '@rafter/domain/voice';
import { VOICE_MOBILE_BREAKPOINT_PX } from '../widget-constants';
import { answerSalesQuestion, assistantGreeting } from '../call/sales-assistant';
import { onDemoInteraction } from '../../../lib/demo-interaction';
import { voiceSettingsQueryOptions } from '../api/voice-settings';
import type { Utterance } from '../call/voice-call-client';
import { useNudges } from '../hooks/use-nudges';
import { useVoiceCall } from '../hooks/use-voice-call';
import { pulseSx } from './pulse';
import { AppTheme } from '../../../components/AppTheme';

const loadPanel = () => import('./VoicePanel');
// The panel (call controls, conversation, question field) loads when it is first opened, or as a
// pointer or focus reaches the button: the button alone is what the landing page shows at first.
const VoicePanel = lazy(() => loadPanel().then((module) => ({ default: module.VoicePanel })));

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
function VoiceAssistantWidgetContent({ authDialogOpen, onSignup }: VoiceAssistantWidgetProps) {
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
    <Box
      data-testid="voice-assistant"
      inert={stepBack || undefined}
      sx={{
        position: 'fixed',
        right: { xs: 16, sm: 24 },
        bottom: { xs: 16, sm: 24 },
        zIndex: (theme) => theme.zIndex.speedDial,
        display: authDialogOpen && narrow ? 'none' : 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 1.5,
        opacity: stepBack ? 0.4 : 1,
        transition: 'opacity 150ms',
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
        <Paper
          role="note"
          aria-label={`Message from ${ASSISTANT_NAME}`}
          elevation={6}
          onClick={open}
          sx={{
            maxWidth: 260,
            px: 2,
            py: 1.25,
            borderRadius: 3,
            borderBottomRightRadius: 4,
            cursor: 'pointer',
          }}
        >
          <Typography variant="body2">{nudge}</Typography>
        </Paper>
      )}
      <Fab
        ref={fabRef}
        color="primary"
        aria-label={`Talk to ${ASSISTANT_NAME}, our sales assistant`}
        aria-expanded={expanded}
        aria-controls={expanded ? panelId : undefined}
        onClick={() => (expanded ? collapse() : open())}
        onPointerEnter={() => {
          void queryClient.prefetchQuery(voiceSettingsQueryOptions);
          void loadPanel();
        }}
        onFocus={() => void loadPanel()}
        sx={{
          bgcolor: 'primary.dark',
          '&:hover': { bgcolor: '#166534' },
          ...(inCall ? pulseSx : {}),
        }}
      >
        <HeadsetMicIcon />
      </Fab>
    </Box>
  );
}

/** The assistant with the app's theme: it loads on demand, on a landing page drawn without MUI. */
export default function VoiceAssistantWidget(props: VoiceAssistantWidgetProps) {
  return (
    <AppTheme>
      <VoiceAssistantWidgetContent {...props} />
    </AppTheme>
  );
}
