import type { Feature } from '@rafter/domain/plans';
import { PREVIEW_HEIGHT_PX } from '../settings-constants';
import { APP_ROUTES } from '@rafter/domain/routes';
import Box from '@mui/material/Box';
import { LockedSection } from './LockedSection';
import { SettingsCard } from './SettingsCard';

interface LivePreviewProps {
  ownerId: string;
  color: string;
  /** Changes after each saved change, which reloads the frame. */
  revision: number;
  locked: boolean;
  onLocked: (feature: Feature) => void;
}

export function LivePreview({ ownerId, color, revision, locked, onLocked }: LivePreviewProps) {
  const params = new URLSearchParams({ ownerId, color });
  return (
    <SettingsCard title="Live Preview" description="Your calculator as homeowners see it.">
      <LockedSection feature="preview" locked={locked} onLocked={onLocked}>
        {locked ? (
          <Box sx={{ height: 240, bgcolor: 'grey.100', borderRadius: 1 }} />
        ) : (
          <Box
            component="iframe"
            key={revision}
            title="Live Preview"
            src={`${APP_ROUTES.widget}?${params.toString()}`}
            sx={{
              display: 'block',
              width: '100%',
              height: PREVIEW_HEIGHT_PX,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          />
        )}
      </LockedSection>
    </SettingsCard>
  );
}
