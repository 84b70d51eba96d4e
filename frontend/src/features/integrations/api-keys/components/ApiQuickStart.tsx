import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';

const COPIED_MS = 2000;

/** The same first call twice: with curl, and with the typed client (docs/api.md, 'Typed client'). */
export function quickStarts(origin: string): { id: string; title: string; code: string }[] {
  return [
    {
      id: 'curl',
      title: 'curl',
      code: [
        'export RAFTER_KEY=rft_live_...',
        `curl -s "${origin}/api/v1/leads?status=new&limit=10" \\`,
        '  -H "Authorization: Bearer $RAFTER_KEY"',
      ].join('\n'),
    },
    {
      id: 'typescript',
      title: 'TypeScript (@rafter/client)',
      code: [
        "import { createRafterClient } from '@rafter/client';",
        '',
        'const rafter = createRafterClient({',
        `  baseUrl: '${origin}',`,
        '  apiKey: process.env.RAFTER_KEY!,',
        '});',
        "const { data, error } = await rafter.GET('/api/v1/leads', {",
        "  params: { query: { status: 'new', limit: 10 } },",
        '});',
        'if (error) throw new Error(`${error.title}: ${error.detail}`);',
        'for (const lead of data.items) console.log(lead.name, lead.score);',
      ].join('\n'),
    },
  ];
}

function Snippet({ id, title, code }: { id: string; title: string; code: string }) {
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = () => {
    setCopyFailed(false);
    navigator.clipboard.writeText(code).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), COPIED_MS);
      },
      () => setCopyFailed(true),
    );
  };
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1,
        }}
      >
        <Typography id={`quick-start-${id}`} component="h4" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Button
          size="small"
          startIcon={<ContentCopyRoundedIcon />}
          onClick={copy}
          aria-label={`Copy the ${title} quick start`}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Box>
      <Box
        component="pre"
        aria-labelledby={`quick-start-${id}`}
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
        {code}
      </Box>
      {copyFailed && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Your browser did not allow copying. Select the text and copy it yourself.
        </Alert>
      )}
    </Box>
  );
}

/**
 * A first call with curl and with the typed client, side by side, for this site's address. The
 * client is generated from the OpenAPI document, so its types follow the API.
 */
export function ApiQuickStart() {
  return (
    <Box component="section" aria-labelledby="api-quick-start-title" sx={{ mt: 3 }}>
      <Typography
        id="api-quick-start-title"
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 700 }}
      >
        Quick start
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
        List your new leads. In TypeScript, <code>@rafter/client</code> gives typed requests,
        answers and errors; the same types come from{' '}
        <code>npx openapi-typescript {window.location.origin}/api/v1/openapi.json</code> with{' '}
        <code>openapi-fetch</code>.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {quickStarts(window.location.origin).map((snippet) => (
          <Snippet key={snippet.id} {...snippet} />
        ))}
      </Box>
    </Box>
  );
}
