import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import HubRoundedIcon from '@mui/icons-material/HubRounded';
import { FEATURES, lowestPlanWithFeature } from '@rafter/domain/plans';
import { Link as RouterLink } from 'react-router';
import { ApiKeysSection } from '../api-keys/components/ApiKeysSection';
import { WebhookEndpoints } from '../webhooks/webhook-endpoints';

export interface IntegrationsTabProps {
  /** Whether the plan includes the API: unknown while the subscription loads. */
  access: 'loading' | 'allowed' | 'locked';
  /** The Subscription tab, where the contractor upgrades. */
  upgradeTo: string;
}

function UpgradeNotice({ upgradeTo }: { upgradeTo: string }) {
  const plan = lowestPlanWithFeature('api');
  return (
    <Paper
      component="section"
      aria-labelledby="integrations-upgrade-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <HubRoundedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography
            id="integrations-upgrade-title"
            component="h2"
            variant="h6"
            sx={{ fontWeight: 700 }}
          >
            {FEATURES.api.label} come with the {plan.name} plan
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Send every new lead to the CRM you already use (JobNimbus, AccuLynx, HubSpot, a
            spreadsheet) instead of typing it in again: API keys let your other systems read and
            update your leads, and webhooks tell them the moment something happens. Available on the{' '}
            {plan.name} plan and up.
          </Typography>
          <Button component={RouterLink} to={upgradeTo} variant="contained" sx={{ mt: 2 }}>
            Upgrade to {plan.name}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/**
 * The Integrations tab: API keys, and the webhooks section beside them (Smart and up); below
 * Smart it explains what the plan would add and offers the upgrade.
 */
export function IntegrationsTab({ access, upgradeTo }: IntegrationsTabProps) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          Integrations
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Connect Rafter to your CRM, Zapier or your own code.
        </Typography>
      </Box>
      {access === 'loading' && <LinearProgress aria-label="Loading your plan" />}
      {access === 'locked' && <UpgradeNotice upgradeTo={upgradeTo} />}
      {access === 'allowed' && (
        <>
          <ApiKeysSection />
          <WebhookEndpoints />
        </>
      )}
    </Box>
  );
}
