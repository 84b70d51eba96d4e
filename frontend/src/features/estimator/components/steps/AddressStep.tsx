import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { addressWithZipCode } from '@rafter/domain/address';
import { simulateRoofArea } from '@rafter/domain/estimate';
import type { RoofMeasurement } from '@rafter/domain/roof-measurement';
import { usePublicConfig } from '../../api/get-public-config';
import { measureRoof } from '../../api/measure-roof';
import type {
  AddressProvider,
  AddressSelection,
  AddressSuggestion,
  LatLng,
} from '../../address/address-provider';
import { createPhotonProvider } from '../../address/photon-provider';
import { useMeasuringSequence } from '../../hooks/use-measuring-sequence';
import { AddressSearch } from '../address/AddressSearch';
import { SelectedAddress } from '../address/SelectedAddress';
import { RoofMap } from '../map/RoofMap';
import { MeasurementCompleteDialog } from '../measuring/MeasurementCompleteDialog';
import { MeasuringOverlay } from '../measuring/MeasuringOverlay';
import type { AddressDraft, MeasuredAddress } from '../estimator-state';
import { StepActions } from '../StepActions';
import { StepLayout } from '../StepLayout';

/** Before a zip code is located: the middle of the contiguous US. */
const US_CENTER: LatLng = { lat: 39.8283, lng: -98.5795 };
/** Map zoom before and after an address is chosen (spec section 9). */
const ZOOM_AREA = 18;
const ZOOM_ADDRESS = 20;

const NOT_FOUND_HINT =
  'We could not find that address on the map. You can still measure your roof with the address as you typed it.';

interface AddressStepProps {
  zipCode: string;
  draft: AddressDraft;
  onDraftChange: (draft: AddressDraft) => void;
  onBack: () => void;
  /** The measurement dialog's Continue. */
  onMeasured: (measurement: RoofMeasurement, address: MeasuredAddress) => void;
  focusTitle: boolean;
}

/**
 * The address that will be measured: the chosen result, or the typed text with the zip
 * code added; and its location when one is known (a chosen result or the dragged marker).
 */
function measuredAddress(draft: AddressDraft, zipCode: string): MeasuredAddress {
  return {
    address: draft.selection?.formattedAddress ?? addressWithZipCode(draft.query, zipCode),
    location: draft.pinned ?? draft.selection?.location ?? null,
  };
}

/** Used when the measuring service cannot be reached: the same simulation the server runs. */
function simulatedMeasurement({ address }: MeasuredAddress, zipCode: string): RoofMeasurement {
  return {
    areaSqFt: simulateRoofArea({ address, zipCode }),
    source: 'simulation',
    pitchDegrees: null,
    imageryQuality: null,
    imageryDate: null,
  };
}

/** Step 2: find the home, place the marker on its roof, and measure it. */
export function AddressStep({
  zipCode,
  draft,
  onDraftChange,
  onBack,
  onMeasured,
  focusTitle,
}: AddressStepProps) {
  const config = usePublicConfig();
  const [googleProvider, setGoogleProvider] = useState<AddressProvider | null>(null);
  const [searching, setSearching] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const measuring = useMeasuringSequence<RoofMeasurement>();
  const [target, setTarget] = useState<MeasuredAddress | null>(null);

  const geocoderUrl = config.data?.geocoderUrl ?? null;
  const usesGoogle = Boolean(config.data?.googleMapsApiKey);
  const photonProvider = useMemo(
    () => (geocoderUrl && !usesGoogle ? createPhotonProvider(geocoderUrl) : null),
    [geocoderUrl, usesGoogle],
  );
  const provider = usesGoogle ? googleProvider : photonProvider;

  const zipCenter = useQuery({
    queryKey: ['zip-center', provider?.id, zipCode],
    queryFn: () => provider!.locateZipCode(zipCode),
    enabled: provider !== null,
    retry: false,
    staleTime: Infinity,
  });

  const current = measuredAddress(draft, zipCode);
  const chosenLocation = draft.selection?.location ?? null;
  const center = chosenLocation ?? zipCenter.data ?? US_CENTER;
  const marker = draft.pinned ?? center;

  const select = (selection: AddressSelection) => {
    const formattedAddress = addressWithZipCode(selection.formattedAddress, zipCode);
    setHint(null);
    onDraftChange({
      query: formattedAddress,
      selection: { ...selection, formattedAddress },
      pinned: null,
    });
  };

  const chooseSuggestion = async (suggestion: AddressSuggestion) => {
    if (!provider) return;
    onDraftChange({ ...draft, query: suggestion.label, selection: null });
    try {
      select(await provider.resolve(suggestion));
    } catch {
      // The label is still a usable address.
      onDraftChange({ query: suggestion.label, selection: null, pinned: draft.pinned });
    }
  };

  const search = async () => {
    const text = draft.query.trim();
    if (searching || text === '') return;
    setSearching(true);
    setHint(null);
    const found = provider ? await provider.search(text).catch(() => null) : null;
    setSearching(false);
    if (found) select(found);
    else setHint(NOT_FOUND_HINT);
  };

  const onMarkerMove = (position: LatLng) => onDraftChange({ ...draft, pinned: position });

  const startMeasuring = () => {
    if (current.address === '' || measuring.active) return;
    const measured = current;
    setTarget(measured);
    measuring.start((signal) =>
      measureRoof(
        {
          address: measured.address,
          zipCode,
          latitude: measured.location?.lat ?? null,
          longitude: measured.location?.lng ?? null,
        },
        signal,
      ).catch((error: unknown) => {
        console.warn('Roof measurement failed; using the simulation', error);
        return simulatedMeasurement(measured, zipCode);
      }),
    );
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <Box inert={measuring.active}>
        <StepLayout
          title="Find your home"
          description="Enter your address, then drag the marker onto your roof if it is not already there."
          focusTitle={focusTitle}
          onSubmit={startMeasuring}
          actions={
            <StepActions
              onBack={onBack}
              canContinue={current.address !== '' && !measuring.active}
              continueLabel="Measure Roof"
            />
          }
        >
          <Stack spacing={2}>
            <AddressSearch
              value={draft.query}
              onChange={(query) => {
                setHint(null);
                onDraftChange({ query, selection: null, pinned: draft.pinned });
              }}
              provider={provider}
              onSelectSuggestion={(suggestion) => void chooseSuggestion(suggestion)}
              onSearch={() => void search()}
              searching={searching}
            />
            {hint && <Alert severity="info">{hint}</Alert>}
            <RoofMap
              config={config.data}
              configFailed={config.isError}
              center={center}
              zoom={chosenLocation ? ZOOM_ADDRESS : ZOOM_AREA}
              marker={marker}
              onMarkerMove={onMarkerMove}
              onAddressProvider={setGoogleProvider}
            />
            <SelectedAddress address={current.address} />
          </Stack>
        </StepLayout>
      </Box>
      {measuring.active && (
        <MeasuringOverlay progress={measuring.progress} statusText={measuring.statusText} />
      )}
      <MeasurementCompleteDialog
        measurement={measuring.result}
        onContinue={() => {
          if (measuring.result && target) onMeasured(measuring.result, target);
        }}
      />
    </Box>
  );
}
