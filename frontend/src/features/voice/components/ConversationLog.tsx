import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ASSISTANT_NAME } from '@rafter/domain/assistant';
import type { Utterance } from '../call/voice-call-client';

interface ConversationLogProps {
  lines: Utterance[];
  onSignup(): void;
}

/** The conversation so far, newest at the bottom; screen readers hear new lines. */
export function ConversationLog({ lines, onSignup }: ConversationLogProps) {
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const end = endRef.current;
    if (end?.parentElement) end.parentElement.scrollTop = end.parentElement.scrollHeight;
  }, [lines.length, lines]);

  return (
    <Box
      role="log"
      aria-live="polite"
      aria-label="Conversation"
      tabIndex={0}
      sx={{
        flex: '1 1 auto',
        minHeight: 96,
        maxHeight: { xs: 'calc(100dvh - 380px)', sm: 260 },
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        px: 2,
        py: 1.5,
        bgcolor: 'grey.50',
        borderTop: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:focus-visible': {
          outline: '2px solid',
          outlineColor: 'primary.dark',
          outlineOffset: -2,
        },
      }}
    >
      {lines.map((line, index) => {
        const fromAgent = line.role === 'agent';
        return (
          <Box
            key={index}
            sx={{
              alignSelf: fromAgent ? 'flex-start' : 'flex-end',
              maxWidth: '88%',
              px: 1.5,
              py: 1,
              borderRadius: 2,
              bgcolor: fromAgent ? 'background.paper' : 'primary.dark',
              color: fromAgent ? 'text.primary' : 'primary.contrastText',
              border: fromAgent ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            <Typography
              component="p"
              variant="caption"
              sx={{ fontWeight: 700, color: fromAgent ? 'text.secondary' : 'inherit' }}
            >
              {fromAgent ? ASSISTANT_NAME : 'You'}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {line.content}
            </Typography>
            {line.offerSignup && (
              <Button size="small" variant="contained" onClick={onSignup} sx={{ mt: 1 }}>
                Open sign-up
              </Button>
            )}
          </Box>
        );
      })}
      <div ref={endRef} />
    </Box>
  );
}
