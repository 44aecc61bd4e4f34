import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';

export interface Secret {
  label: string;
  value: string;
}

/** A secret in a read-only field with a `Copy` button. */
export function CopyRow({ secret }: { secret: Secret }) {
  const [copied, setCopied] = useState(false);
  const id = `secret-${secret.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret.value);
      setCopied(true);
    } catch {
      // No clipboard (an insecure context, or refused): select the text for Ctrl+C.
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.select();
    }
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        id={id}
        label={secret.label}
        value={secret.value}
        fullWidth
        multiline={secret.value.includes('\n')}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-secret': secret.label } }}
      />
      <Button variant="outlined" onClick={copy} aria-label={`Copy ${secret.label}`}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </Stack>
  );
}

/** Secrets the API answers once: shown with a `Copy` button each, never kept by the page after it closes. */
export function SecretsDialog({
  title,
  secrets,
  onClose,
}: {
  title: string;
  secrets: Secret[] | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={secrets !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="secrets-title">
      <DialogTitle id="secrets-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Shown this once: copy them now. They cannot be read again.
        </Alert>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {(secrets ?? []).map((secret) => (
            <CopyRow key={secret.label} secret={secret} />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
