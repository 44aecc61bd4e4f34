import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useLogin } from 'react-admin';
import { apiCode } from './api';

/**
 * Sign-in: `Email`, `Password` and, once the API answers `TOTP_REQUIRED`, `One-time code`;
 * a failure shows the API's own message.
 */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ email, password, totp: needsCode ? totp : undefined });
    } catch (err) {
      if (apiCode(err) === 'TOTP_REQUIRED') setNeedsCode(true);
      setError(err instanceof Error ? err.message : 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <SignInCard>
      <Box component="form" onSubmit={submit} noValidate aria-label="Sign in" sx={{ display: 'grid', gap: 2 }}>
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          autoFocus
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {needsCode && (
          <TextField
            id="totp"
            label="One-time code"
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            value={totp}
            onChange={(e) => setTotp(e.target.value.trim())}
            helperText="From your authenticator app, or a recovery code"
            required
            autoFocus
          />
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} /> : null}
        >
          Sign in
        </Button>
      </Box>
    </SignInCard>
  );
}

/** The page around the form: a card centred on a grey page, titled. */
function SignInCard({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            Back office
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
