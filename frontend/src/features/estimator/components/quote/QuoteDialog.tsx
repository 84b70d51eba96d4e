import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { quoteFormSchema, type QuoteForm, type QuoteFormInput } from '@rafter/domain/lead';
import { APP_ROUTES } from '@rafter/domain/routes';
import { TEXT_CONSENT_WORDING } from '@rafter/domain/text-consent';
import type { QuoteReceipt } from '../../api/submit-quote';
import { TextInput } from '../TextInput';

export const SUBMIT_ERROR_MESSAGE = 'Something went wrong. Please try again.';

const EMPTY_FORM: QuoteFormInput = { firstName: '', lastName: '', email: '', phone: '' };

type SubmitStatus = 'idle' | 'submitting' | 'checking' | 'success' | 'error';

interface QuoteDialogProps {
  open: boolean;
  /** Cancel, Escape or the backdrop (not while sending). */
  onClose: () => void;
  /**
   * Sends the request; `website` is the honeypot's content. `onChecking` says the request waits
   * for the proof-of-work a busy calculator asks for. `textConsent`: the consent box was ticked.
   */
  submit: (
    contact: QuoteForm,
    website: string,
    onChecking: () => void,
    textConsent: boolean,
  ) => Promise<QuoteReceipt>;
  /**
   * Offers the box agreeing to texts from the contractor (a contractor's calculator only: the
   * main site and the demo have no one who would text).
   */
  offerTextConsent?: boolean;
  /** The landing page's demo: the request goes to no one, and the dialog says so. */
  demo?: boolean;
  /** How long the success message shows before `onDone` (3 s owner flow, 2 s main site). */
  closeDelayMs: number;
  /** After the success message: the form has been reset. */
  onDone: (receipt: QuoteReceipt) => void;
}

/** Kept out of sight and out of the tab order; only bots fill it in. */
const honeypotSx = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
} as const;

/** 'Get Exact Quote': First Name, Last Name, Email, Phone Number; idle → submitting → success | error. */
export function QuoteDialog({
  open,
  onClose,
  submit,
  demo = false,
  offerTextConsent = false,
  closeDelayMs,
  onDone,
}: QuoteDialogProps) {
  const titleId = useId();
  const honeypotId = useId();
  const honeypot = useRef<HTMLInputElement>(null);
  const doneTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [status, setStatus] = useState<SubmitStatus>('idle');
  // Unticked until the homeowner ticks it: consent to texts is never assumed.
  const [textConsent, setTextConsent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<QuoteFormInput, unknown, QuoteForm>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: EMPTY_FORM,
    mode: 'onTouched',
  });

  useEffect(() => () => clearTimeout(doneTimer.current), []);

  const busy = status === 'submitting' || status === 'checking' || status === 'success';

  const send = async (contact: QuoteForm) => {
    setStatus('submitting');
    try {
      const receipt = await submit(
        contact,
        honeypot.current?.value ?? '',
        () => setStatus('checking'),
        offerTextConsent && textConsent,
      );
      setStatus('success');
      doneTimer.current = setTimeout(() => {
        reset(EMPTY_FORM);
        setTextConsent(false);
        setStatus('idle');
        onDone(receipt);
      }, closeDelayMs);
    } catch {
      setStatus('error');
    }
  };

  const field = (name: FieldPath<QuoteFormInput>) => {
    const { ref, ...registered } = register(name);
    const message = errors[name]?.message;
    return {
      ...registered,
      inputRef: ref,
      error: message !== undefined,
      // A blank helper keeps the space, so an error does not push the form down.
      helperText: message ?? ' ',
      disabled: busy,
      required: true,
    };
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Get Your Exact Quote</DialogTitle>
      {status === 'success' ? (
        <DialogContent>
          <Box role="status" sx={{ textAlign: 'center', py: 3 }}>
            <CheckCircleRoundedIcon aria-hidden sx={{ fontSize: 56, color: 'primary.dark' }} />
            <Typography variant="h4" component="p" sx={{ mt: 1 }}>
              Thank you!
            </Typography>
            <Typography color="textSecondary" sx={{ mt: 1 }}>
              {demo
                ? 'Nothing was sent: this was a demo. On your website, this request would now be in your dashboard as a scored lead.'
                : 'Your quote request has been sent. A roofing professional will contact you shortly.'}
            </Typography>
          </Box>
        </DialogContent>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
          <DialogContent sx={{ pt: 0 }}>
            {demo ? (
              <Alert severity="info" sx={{ mb: 2.5 }}>
                This is a demo: what you enter here is not saved and no roofer will contact you. On
                your website, this form sends the homeowner to you as a scored lead. Looking for a
                roof yourself?{' '}
                <Link href={APP_ROUTES.widget} underline="always">
                  Get a real quote
                </Link>
                .
              </Alert>
            ) : (
              <Typography color="textSecondary" sx={{ mb: 2.5 }}>
                Tell us how to reach you and a local roofing professional will prepare an exact
                quote for your home.
              </Typography>
            )}
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              <TextInput label="First Name" autoComplete="given-name" {...field('firstName')} />
              <TextInput label="Last Name" autoComplete="family-name" {...field('lastName')} />
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                {...field('email')}
                style={{ gridColumn: '1 / -1' }}
              />
              <TextInput
                label="Phone Number"
                type="tel"
                autoComplete="tel"
                {...field('phone')}
                style={{ gridColumn: '1 / -1' }}
              />
            </Box>
            {offerTextConsent && (
              <FormControlLabel
                sx={{ alignItems: 'flex-start', mt: 0.5, mr: 0 }}
                control={
                  <Checkbox
                    name="textConsent"
                    checked={textConsent}
                    onChange={(event) => setTextConsent(event.target.checked)}
                    disabled={busy}
                    sx={{ mt: -0.75 }}
                  />
                }
                label={
                  <Typography variant="body2" color="textSecondary">
                    {TEXT_CONSENT_WORDING}
                  </Typography>
                }
              />
            )}
            <Box aria-hidden sx={honeypotSx}>
              <label htmlFor={honeypotId}>Website</label>
              <input
                id={honeypotId}
                ref={honeypot}
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </Box>
            {status === 'error' && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {SUBMIT_ERROR_MESSAGE}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button variant="outlined" size="large" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy}
              startIcon={
                status === 'submitting' || status === 'checking' ? (
                  <CircularProgress size={18} color="inherit" />
                ) : undefined
              }
            >
              {status === 'checking'
                ? 'Checking your request…'
                : status === 'submitting'
                  ? 'Submitting...'
                  : 'Submit'}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
