import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Account } from '@rafter/client';
import { useTestApiKey } from '../api/api-keys';

function usage({ leadsThisMonth, monthlyLeadLimit }: Account['usage']): string {
  return monthlyLeadLimit === null
    ? `${leadsThisMonth} leads this month (no limit)`
    : `${leadsThisMonth} of ${monthlyLeadLimit} leads this month`;
}

function plan({ name, active }: Account['plan']): string {
  if (!name) return 'no plan';
  return active ? `the ${name} plan` : `the ${name} plan (not active)`;
}

/** 'Test this key': calls GET /api/v1/account with the new key and tells what it answered. */
export function ApiKeyTest({ apiKey }: { apiKey: string }) {
  const test = useTestApiKey();
  const result = test.data;
  return (
    <Box sx={{ mt: 1 }}>
      <Button variant="outlined" onClick={() => test.mutate(apiKey)} disabled={test.isPending}>
        {test.isPending ? 'Testing…' : 'Test this key'}
      </Button>
      <Box role="status" aria-label="Key test result" sx={{ mt: 1.5, minHeight: 24 }}>
        {result?.ok === true && (
          <Alert severity="success">
            <AlertTitle>The key works</AlertTitle>
            GET /api/v1/account answered for{' '}
            {result.account.fullName
              ? `${result.account.fullName} (${result.account.email})`
              : result.account.email}{' '}
            on {plan(result.account.plan)}: {usage(result.account.usage)}.
          </Alert>
        )}
        {result?.ok === false && (
          <Alert severity="warning">
            <AlertTitle>
              {result.status} {result.title}
            </AlertTitle>
            {result.detail}
          </Alert>
        )}
        {test.isError && (
          <Alert severity="error">The test request did not reach Rafter. Please try again.</Alert>
        )}
      </Box>
    </Box>
  );
}
