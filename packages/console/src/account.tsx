import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';
import { getData } from './api';
import { messageOf, useAdminRead } from './reads';
import { CopyRow, SecretsDialog, type Secret } from './secrets';
import { Section, SmallTable } from './tenant-records';

/*
 * The signed-in member's own account (`/staff/me/...`, every role): change the password, set up
 * one-time codes, and personal access tokens. Secrets the API answers once (a token, the
 * recovery codes) are shown once, with a copy button, and not kept by the page.
 */

/** The API's message of a failed call, or null while there is none. */
function useFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  return { failure, setFailure, fail: (error: unknown) => setFailure(messageOf(error)) };
}

function Failure({ failure }: { failure: string | null }) {
  return failure ? <Alert severity="error">{failure}</Alert> : null;
}

/** `PUT /staff/me/password`: the current password and the new one, twice. */
function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { failure, setFailure, fail } = useFailure();
  const mismatch = repeat !== '' && repeat !== next;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setDone(false);
    if (next !== repeat) {
      setFailure('The new password and its repetition differ');
      return;
    }
    setBusy(true);
    try {
      await getData('PUT', '/staff/me/password', { currentPassword: current, newPassword: next });
      setDone(true);
      setCurrent('');
      setNext('');
      setRepeat('');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        required
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        helperText="12 to 128 characters"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        required
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        value={repeat}
        error={mismatch}
        helperText={mismatch ? 'Not the same as the new password' : ' '}
        onChange={(e) => setRepeat(e.target.value)}
        required
      />
      <Failure failure={failure} />
      {done && <Alert severity="success">Password changed. Your other sessions have ended.</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy || !current || !next || !repeat}>
          Change password
        </Button>
      </Box>
    </Box>
  );
}

interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

/** `POST /staff/me/totp`, then `/confirm` with a code from the app: the recovery codes, once. */
function OneTimeCodes() {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState<Secret[] | null>(null);
  const [enabled, setEnabled] = useState(false);
  const { failure, setFailure, fail } = useFailure();

  async function start() {
    setFailure(null);
    setBusy(true);
    try {
      setSetup(await getData<TotpSetup>('POST', '/staff/me/totp'));
      setEnabled(false);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const { recoveryCodes } = await getData<{ recoveryCodes: string[] }>('POST', '/staff/me/totp/confirm', {
        code: code.trim(),
      });
      setRecovery([{ label: 'Recovery codes', value: recoveryCodes.join('\n') }]);
      setSetup(null);
      setCode('');
      setEnabled(true);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Typography variant="body2">
        Sign-in asks for a code from an authenticator app once this is set up. Setting it up again replaces the secret.
      </Typography>
      {enabled && <Alert severity="success">One-time codes are on.</Alert>}
      {!setup && (
        <Box>
          <Button variant="outlined" onClick={start} disabled={busy}>
            Set up one-time codes
          </Button>
        </Box>
      )}
      {setup && (
        <Box component="form" onSubmit={confirm} sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2">
            Add this secret to your authenticator app (or open the otpauth URI there), then enter the code it shows.
          </Typography>
          <CopyRow secret={{ label: 'Secret', value: setup.secret }} />
          <CopyRow secret={{ label: 'otpauth URI', value: setup.otpauthUrl }} />
          <TextField
            label="One-time code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            required
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy || code.trim().length !== 6}>
              Confirm
            </Button>
          </Box>
        </Box>
      )}
      <Failure failure={failure} />
      <SecretsDialog title="Your recovery codes" secrets={recovery} onClose={() => setRecovery(null)} />
    </Box>
  );
}

interface AccessToken {
  id: string;
  name: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : '—');

function tokenState(token: AccessToken): string {
  if (token.revokedAt) return 'Revoked';
  return new Date(token.expiresAt).getTime() <= Date.now() ? 'Expired' : 'Active';
}

/** The member's tokens, never the tokens themselves; `Revoke` on each active one. */
function TokenTable({ tokens, onRevoke }: { tokens: AccessToken[]; onRevoke: (token: AccessToken) => void }) {
  return (
    <SmallTable label="Your personal access tokens" head={['Name', 'Created', 'Expires', 'Last used', 'State', '']}>
      {tokens.map((token) => (
        <TableRow key={token.id}>
          <TableCell>{token.name}</TableCell>
          <TableCell align="right">{when(token.createdAt)}</TableCell>
          <TableCell align="right">{when(token.expiresAt)}</TableCell>
          <TableCell align="right">{when(token.lastUsedAt)}</TableCell>
          <TableCell align="right">{tokenState(token)}</TableCell>
          <TableCell align="right">
            {tokenState(token) === 'Active' && (
              <Button size="small" color="error" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
                Revoke
              </Button>
            )}
          </TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

/** `GET`, `POST` and `DELETE /staff/me/tokens`: the member's tokens, a new one shown once, revoking. */
function AccessTokens() {
  const { data, error, refetch } = useAdminRead<AccessToken[]>(['own-tokens'], '/staff/me/tokens');
  const [name, setName] = useState('');
  const [days, setDays] = useState('90');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Secret[] | null>(null);
  const { failure, setFailure, fail } = useFailure();

  async function create(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const token = await getData<{ token: string; name: string }>('POST', '/staff/me/tokens', {
        name: name.trim(),
        expiresInDays: Number(days),
      });
      setCreated([{ label: 'Token', value: token.token }]);
      setName('');
      await refetch();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(token: AccessToken) {
    setFailure(null);
    try {
      await getData('DELETE', `/staff/me/tokens/${encodeURIComponent(token.id)}`);
      await refetch();
    } catch (e) {
      fail(e);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">
        A token acts as you on the admin API (<code>Authorization: Bearer pat_…</code>), under your role and tenants.
      </Typography>
      <Box component="form" onSubmit={create} sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
        <TextField label="Token name" value={name} onChange={(e) => setName(e.target.value)} required />
        <TextField
          label="Expires in days"
          type="number"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          helperText="1 to 365"
          slotProps={{ htmlInput: { min: 1, max: 365 } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy || name.trim() === ''}>
            Create token
          </Button>
        </Box>
      </Box>
      <Failure failure={failure} />
      {error ? <Alert severity="error">{messageOf(error)}</Alert> : null}
      {data && data.length === 0 && <Typography variant="body2">No tokens.</Typography>}
      {data && data.length > 0 && <TokenTable tokens={data} onRevoke={revoke} />}
      <SecretsDialog title="Your new personal access token" secrets={created} onClose={() => setCreated(null)} />
    </Box>
  );
}

/** The signed-in member's page: password, one-time codes, personal access tokens. */
export function AccountPage() {
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="My account" />
      <CardContent>
        <Stack spacing={1}>
          <Typography component="h1" variant="h6">
            My account
          </Typography>
          {identity && (
            <Typography variant="body2">
              Signed in as {identity.fullName} · {String(identity.email ?? '')}
            </Typography>
          )}
        </Stack>
        <Section id="account-password" title="Password">
          <ChangePassword />
        </Section>
        <Section id="account-totp" title="One-time codes">
          <OneTimeCodes />
        </Section>
        <Section id="account-tokens" title="Personal access tokens">
          <AccessTokens />
        </Section>
      </CardContent>
    </Card>
  );
}
