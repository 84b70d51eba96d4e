import { useId, useState, type FormEvent, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CallIcon from '@mui/icons-material/Call';
import CallEndIcon from '@mui/icons-material/CallEnd';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { ASSISTANT_NAME } from '@rafter/domain/assistant';
import { ASSISTANT_ROLE } from '../widget-constants';
import type { Utterance } from '../call/voice-call-client';
import type { VoiceCallState } from '../hooks/use-voice-call';
import { ConversationLog } from './ConversationLog';
import { MicrophoneLevelMeter } from './MicrophoneLevelMeter';
import styles from './voice-widget.module.css';
import { AppTheme } from '../../../components/AppTheme';

export interface VoicePanelProps {
  id: string;
  call: VoiceCallState;
  level: number | null;
  lines: Utterance[];
  builtIn: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onStart(): void;
  onEnd(): void;
  onClose(): void;
  onAsk(text: string): void;
  onSignup(): void;
}

function statusText(call: VoiceCallState): string {
  if (call.status === 'connecting') return 'Connecting...';
  if (call.status === 'connected') {
    return `Connected · ${call.agentTalking ? `${ASSISTANT_NAME} is speaking` : 'Listening'}`;
  }
  return 'Start a call or type a question';
}

/** The expanded widget: persona, call state and button, level meter, conversation, text box. */
export function VoicePanel({
  id,
  call,
  level,
  lines,
  builtIn,
  headingRef,
  onStart,
  onEnd,
  onClose,
  onAsk,
  onSignup,
}: VoicePanelProps) {
  const titleId = useId();
  const [question, setQuestion] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) return;
    onAsk(text);
    setQuestion('');
  };

  return (
    <Paper
      id={id}
      component="section"
      aria-labelledby={titleId}
      elevation={8}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      sx={{
        width: { xs: 'calc(100vw - 32px)', sm: 360 },
        maxWidth: 360,
        maxHeight: 'calc(100dvh - 112px)',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 3,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
        <Avatar sx={{ bgcolor: 'primary.dark', fontWeight: 700 }} aria-hidden>
          {ASSISTANT_NAME[0]}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700, lineHeight: 1.3, outline: 'none' }}
          >
            {ASSISTANT_NAME}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {ASSISTANT_ROLE}
          </Typography>
        </Box>
        <IconButton aria-label="Close voice assistant" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>

      <Box sx={{ px: 2, pb: 1.5, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            aria-hidden
            className={call.status === 'connected' ? styles.pulse : undefined}
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              flex: 'none',
              bgcolor:
                call.status === 'connected'
                  ? 'primary.main'
                  : call.status === 'connecting'
                    ? 'warning.main'
                    : 'grey.400',
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {statusText(call)}
          </Typography>
        </Box>

        {call.error && (
          <Alert severity="error" role="alert" sx={{ py: 0 }}>
            {call.error}
          </Alert>
        )}

        {call.status === 'connected' && level !== null && <MicrophoneLevelMeter level={level} />}

        {call.status === 'connected' ? (
          <Button
            variant="contained"
            color="error"
            startIcon={<CallEndIcon />}
            onClick={onEnd}
            fullWidth
          >
            End Call
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<CallIcon />}
            onClick={onStart}
            disabled={call.status === 'connecting'}
            fullWidth
          >
            {call.status === 'connecting' ? 'Connecting...' : 'Start Call'}
          </Button>
        )}
      </Box>

      <ConversationLog lines={lines} onSignup={onSignup} />

      <Box
        component="form"
        onSubmit={submit}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 1.5 }}
      >
        <TextField
          label="Type a question"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          size="small"
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <IconButton type="submit" aria-label="Send question" color="primary">
          <SendIcon />
        </IconButton>
      </Box>
      {builtIn && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          Demo mode: the built-in assistant answers here. It speaks where your browser can, and
          typing always works.
        </Typography>
      )}
    </Paper>
  );
}

/**
 * The panel with the app's theme: it loads when the assistant is first opened, on a landing page
 * drawn without MUI. A default export for React.lazy.
 */
export default function ThemedVoicePanel(props: VoicePanelProps) {
  return (
    <AppTheme>
      <VoicePanel {...props} />
    </AppTheme>
  );
}
