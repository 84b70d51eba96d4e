import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import { embedSnippet } from '@rafter/domain/embed';
import type { Feature } from '@rafter/domain/plans';
import { type ShareLinkView } from '@rafter/domain/settings';
import { COPY_INDICATOR_MS } from '../settings-constants';
import { useCreateShareLink } from '../api/share-link';
import { useFlagFor } from '../hooks/use-flag-for';
import { LockedSection } from './LockedSection';
import { SettingsCard } from './SettingsCard';

interface EmbedCodeCardProps {
  ownerId: string;
  color: string;
  link: ShareLinkView | null;
  locked: boolean;
  shareLinkLocked: boolean;
  onLocked: (feature: Feature) => void;
}

export function EmbedCodeCard({
  ownerId,
  color,
  link,
  locked,
  shareLinkLocked,
  onLocked,
}: EmbedCodeCardProps) {
  const [snippetCopied, showSnippetCopied] = useFlagFor(COPY_INDICATOR_MS);
  const [linkCopied, showLinkCopied] = useFlagFor(COPY_INDICATOR_MS);
  const [copyFailed, setCopyFailed] = useState(false);
  const createLink = useCreateShareLink();
  const snippet = embedSnippet({ ownerId, color, host: window.location.origin });

  const copy = (text: string, done: () => void) => {
    setCopyFailed(false);
    navigator.clipboard.writeText(text).then(done, () => setCopyFailed(true));
  };

  const shareLinkAction = () => {
    if (shareLinkLocked) onLocked('shareLink');
    else if (link) copy(link.url, showLinkCopied);
    else createLink.mutate(color);
  };

  return (
    <SettingsCard
      title="Embed Code"
      description="Paste this on your website where the calculator should appear, or share a link to your own calculator page."
    >
      <LockedSection feature="embed" locked={locked} onLocked={onLocked}>
        <Box
          component="pre"
          aria-label="Embed snippet"
          tabIndex={0}
          sx={{
            m: 0,
            p: 2,
            bgcolor: 'grey.100',
            borderRadius: 1,
            fontSize: '0.8125rem',
            overflowX: 'auto',
            whiteSpace: 'pre',
          }}
        >
          {snippet}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2, alignItems: 'center' }}>
          <Button
            variant="contained"
            startIcon={<ContentCopyRoundedIcon />}
            onClick={() => copy(snippet, showSnippetCopied)}
          >
            {snippetCopied ? 'Copied' : 'Copy'}
          </Button>
          <Button
            variant="outlined"
            startIcon={<LinkRoundedIcon />}
            onClick={shareLinkAction}
            disabled={createLink.isPending}
          >
            {link ? (linkCopied ? 'Link Copied!' : 'Copy Share Link') : 'Create Share Link'}
          </Button>
          {link && !shareLinkLocked && (
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              <Link href={link.url} target="_blank" rel="noopener">
                {link.url}
              </Link>
            </Typography>
          )}
        </Box>
        {createLink.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {createLink.error.message}
          </Alert>
        )}
        {copyFailed && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            Your browser did not allow copying. Select the text and copy it yourself.
          </Alert>
        )}
      </LockedSection>
    </SettingsCard>
  );
}
