import { type ReactNode, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink } from 'react-router';
import { formatUsd } from '@rafter/domain/estimate';
import {
  type AccuracyFigures,
  ROOF_SIZE_BANDS,
  type RoofSizeBand,
  SUGGESTION_MIN_SALES,
} from '@rafter/domain/estimate-accuracy';
import {
  formatPricePerSqFt,
  MATERIAL_LABELS,
  type Material,
  type PriceRange,
} from '@rafter/domain/materials';
import { lowestPlanWithFeature } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import { ApiError } from '../../../lib/api-client';
import { useApplyMaterialPrice, useEstimateAccuracy } from '../api/get-estimate-accuracy';

export interface EstimateAccuracyProps {
  /** First day of the range, YYYY-MM-DD. */
  from: string;
  /** Last day of the range, YYYY-MM-DD. */
  to: string;
}

const SUBSCRIPTION_PATH = `${APP_ROUTES.dashboard}?tab=subscription`;
const BAND_LABELS = Object.fromEntries(
  ROOF_SIZE_BANDS.map((band) => [band.id, band.label]),
) as Record<RoofSizeBand, string>;

function formatError(percent: number): string {
  if (percent === 0) return 'On the mark';
  return `${Math.abs(percent).toFixed(1)}% ${percent > 0 ? 'over' : 'under'}`;
}

const FIGURE_HEADERS = [
  'Sales',
  'Median estimate',
  'Median sold',
  'Estimate vs sold',
  'Sold within range',
];

function FigureCells({ figures }: { figures: AccuracyFigures }) {
  return (
    <>
      <TableCell align="right">{figures.count}</TableCell>
      <TableCell align="right">{formatUsd(figures.medianEstimate)}</TableCell>
      <TableCell align="right">{formatUsd(figures.medianSold)}</TableCell>
      <TableCell align="right">{formatError(figures.medianErrorPercent)}</TableCell>
      <TableCell align="right">{figures.withinRangePercent}%</TableCell>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Estimate accuracy (Smart and up): how the estimates of won jobs compare with what they sold
 * for, by material and roof size, and per material with 3 sales or more a price range to apply.
 */
export function EstimateAccuracy({ from, to }: EstimateAccuracyProps) {
  const accuracy = useEstimateAccuracy({ from, to });
  const apply = useApplyMaterialPrice();
  const [confirming, setConfirming] = useState<{ material: Material; range: PriceRange } | null>(
    null,
  );
  const [applied, setApplied] = useState<string | null>(null);
  const title = 'Estimate accuracy';

  if (accuracy.isPending) {
    return (
      <Section title={title}>
        <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
          <Skeleton width="40%" />
          <Skeleton />
          <Skeleton width="70%" />
        </Box>
      </Section>
    );
  }
  if (accuracy.isError) {
    const error = accuracy.error;
    if (error instanceof ApiError && error.status === 403) {
      const plan = lowestPlanWithFeature('analyticsBreakdowns');
      return (
        <Section title={title}>
          <Typography color="text.secondary">
            See how close your estimates are to the prices you sell at, and the prices that would
            have matched. Estimate accuracy comes with the {plan.name} plan and up.
          </Typography>
          <Button component={RouterLink} to={SUBSCRIPTION_PATH} variant="contained" sx={{ mt: 2 }}>
            Upgrade to {plan.name}
          </Button>
        </Section>
      );
    }
    return (
      <Section title={title}>
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => void accuracy.refetch()}>
              Retry
            </Button>
          }
        >
          Estimate accuracy did not load.
        </Alert>
      </Section>
    );
  }

  const data = accuracy.data;
  if (data.overall === null) {
    return (
      <Section title={title}>
        <Typography color="text.secondary">
          Mark a lead Converted and enter what you sold it for; accuracy appears here.
        </Typography>
      </Section>
    );
  }

  const confirmApply = () => {
    if (!confirming) return;
    const { material, range } = confirming;
    setApplied(null);
    apply.mutate(
      { material, range },
      {
        onSuccess: () => {
          setConfirming(null);
          setApplied(
            `${MATERIAL_LABELS[material]} now costs ${formatPricePerSqFt(range)} in your calculator.`,
          );
        },
      },
    );
  };

  return (
    <Section title={title}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {data.overall.count} {data.overall.count === 1 ? 'sale' : 'sales'}: your estimates were{' '}
        {formatError(data.overall.medianErrorPercent).toLowerCase()} the price sold (median), and{' '}
        {data.overall.withinRangePercent}% sold within the estimate's range.
      </Typography>
      {applied && (
        <Alert severity="success" role="status" onClose={() => setApplied(null)} sx={{ mb: 2 }}>
          {applied}
        </Alert>
      )}
      <Box aria-hidden sx={{ height: 240, mb: 2 }}>
        <BarChart
          height={240}
          xAxis={[
            {
              scaleType: 'band',
              data: data.byMaterial.map((row) => MATERIAL_LABELS[row.material]),
            },
          ]}
          series={[
            { label: 'Median estimate', data: data.byMaterial.map((row) => row.medianEstimate) },
            { label: 'Median sold', data: data.byMaterial.map((row) => row.medianSold) },
          ]}
        />
      </Box>
      <TableContainer sx={{ mb: 3 }}>
        <Table size="small" aria-label="Estimate vs sold by material">
          <TableHead>
            <TableRow>
              <TableCell>Material</TableCell>
              {FIGURE_HEADERS.map((header) => (
                <TableCell key={header} align="right">
                  {header}
                </TableCell>
              ))}
              <TableCell>Prices that would have matched</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.byMaterial.map((row) => (
              <TableRow key={row.material}>
                <TableCell component="th" scope="row">
                  {MATERIAL_LABELS[row.material]}
                </TableCell>
                <FigureCells figures={row} />
                <TableCell>
                  {row.suggestion ? (
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <span>{formatPricePerSqFt(row.suggestion)}</span>
                      <Button
                        size="small"
                        variant="outlined"
                        aria-label={`Apply ${formatPricePerSqFt(row.suggestion)} to my ${MATERIAL_LABELS[row.material]} prices`}
                        onClick={() => {
                          apply.reset();
                          setConfirming({ material: row.material, range: row.suggestion! });
                        }}
                      >
                        Apply to my prices
                      </Button>
                    </Box>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      After {SUGGESTION_MIN_SALES} sales
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TableContainer>
        <Table size="small" aria-label="Estimate vs sold by roof size">
          <TableHead>
            <TableRow>
              <TableCell>Roof size</TableCell>
              {FIGURE_HEADERS.map((header) => (
                <TableCell key={header} align="right">
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.bySize.map((row) => (
              <TableRow key={row.band}>
                <TableCell component="th" scope="row">
                  {BAND_LABELS[row.band]}
                </TableCell>
                <FigureCells figures={row} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Dialog
        open={confirming !== null}
        onClose={() => !apply.isPending && setConfirming(null)}
        aria-labelledby="apply-price-title"
      >
        {confirming && (
          <>
            <DialogTitle id="apply-price-title">
              Change your {MATERIAL_LABELS[confirming.material]} prices?
            </DialogTitle>
            <DialogContent>
              <DialogContentText>
                Your calculator will price {MATERIAL_LABELS[confirming.material]} at{' '}
                {formatPricePerSqFt(confirming.range)}, the range that would have matched your
                sales. New estimates use it at once; you can change it in the Calculator tab.
              </DialogContentText>
              {apply.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {apply.error instanceof ApiError && apply.error.status === 403
                    ? `Custom material pricing needs the ${lowestPlanWithFeature('customPricing').name} plan or higher.`
                    : `The prices were not saved. ${apply.error.message}`}
                </Alert>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(null)} disabled={apply.isPending}>
                Cancel
              </Button>
              <Button variant="contained" onClick={confirmApply} disabled={apply.isPending}>
                Apply
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Section>
  );
}
