import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { addLeadNoteSchema, LEAD_NOTE_MAX_LENGTH } from '@rafter/domain/crm';
import { useAddLeadNote } from '../api/add-lead-note';

/** A note for the lead's timeline ('pipeline stages and notes'). */
export function AddNoteForm({ leadId }: { leadId: string }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addNote = useAddLeadNote(leadId);
  const fieldId = `note-${leadId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addLeadNoteSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Note is required');
      return;
    }
    setError(null);
    addNote.mutate(parsed.data, {
      onSuccess: () => setBody(''),
      onError: (failure) => setError(`The note was not saved: ${failure.message}`),
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1 }}>
      <TextField
        id={fieldId}
        label="Add note"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        multiline
        minRows={2}
        error={error !== null}
        // Reserved, so a message does not shift the layout.
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: LEAD_NOTE_MAX_LENGTH } }}
      />
      <Button
        type="submit"
        variant="outlined"
        loading={addNote.isPending}
        sx={{ justifySelf: 'start' }}
      >
        Add note
      </Button>
    </Box>
  );
}
