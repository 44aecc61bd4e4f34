import { useState } from 'react';
import { Alert, Stack } from '@mui/material';
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Button,
  Create,
  Datagrid,
  DateField,
  Edit,
  EditButton,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useGetOne,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { ConsoleDataProvider } from './dataProvider';
import { SecretsDialog, type Secret } from './secrets';

const ROLES = ['ADMIN', 'INVENTORY', 'BILLING', 'LOGISTICS', 'READ_ONLY'].map((id) => ({ id, name: id }));

const filters = [
  <ReferenceInput key="tenantId" source="tenantId" reference="tenants" alwaysOn>
    <AutocompleteInput label="Tenant" optionText="name" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <NullableBooleanInput key="active" source="active" label="Active" />,
  <NullableBooleanInput key="paused" source="paused" label="Webhook paused" />,
];

export function deliveriesLink(integrationId: string): string {
  return `/deliveries?filter=${encodeURIComponent(JSON.stringify({ integrationId }))}`;
}

function DeliveriesButton() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={deliveriesLink(String(record.id))}
      label="Deliveries"
      onClick={(e) => e.stopPropagation()}
    />
  );
}

export function IntegrationList() {
  const { canAccess: canEdit } = useCanAccess({ resource: 'integrations', action: 'edit' });
  return (
    <List filters={filters} perPage={25} title="Integrations" storeKey={false} exporter={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="clientName" label="Client name" sortable={false} />
        <ReferenceField source="tenantId" reference="tenants" label="Tenant" sortable={false} link="show">
          <TextField source="name" />
        </ReferenceField>
        <TextField source="role" label="Role" sortable={false} />
        <TextField source="clientId" label="Client id" sortable={false} />
        <BooleanField source="active" label="Active" sortable={false} />
        <TextField source="webhookUrl" label="Webhook URL" emptyText="—" sortable={false} />
        <FunctionField
          label="Webhook"
          sortable={false}
          render={(r: RaRecord) => (r.webhookPausedAt ? 'Paused' : r.webhookUrl ? 'Running' : '—')}
        />
        <FunctionField
          label="Rate limit"
          sortable={false}
          render={(r: RaRecord) => r.rateLimitPerMinute ?? 'default'}
        />
        <DateField source="lastUsedAt" label="Last used" showTime emptyText="never" sortable={false} />
        <DeliveriesButton />
        {canEdit ? <EditButton /> : null}
      </Datagrid>
    </List>
  );
}

/** Branch and fiscal year of the chosen tenant (`GET /tenants/:tenantId`). */
function TenantSetupInputs() {
  const tenantId = useWatch({ name: 'tenantId' }) as string | undefined;
  const { data: tenant } = useGetOne('tenants', { id: tenantId ?? '' }, { enabled: Boolean(tenantId) });
  const branches = ((tenant?.branches ?? []) as { id: string; name: string; code: string }[]).map((b) => ({
    id: b.id,
    name: `${b.code} · ${b.name}`,
  }));
  const years = ((tenant?.fiscalYears ?? []) as { id: string; code: string }[]).map((y) => ({
    id: y.id,
    name: y.code,
  }));
  return (
    <>
      <SelectInput source="branchId" label="Branch" choices={branches} validate={required()} disabled={!tenant} />
      <SelectInput source="fiscalYearId" label="Fiscal year" choices={years} validate={required()} disabled={!tenant} />
    </>
  );
}

const blankToUndefined = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value !== null && value !== undefined));

function createdSecrets(data: RaRecord): Secret[] {
  const secrets: Secret[] = [
    { label: 'Client id', value: String(data.clientId) },
    { label: 'Client secret', value: String(data.clientSecret) },
  ];
  if (data.webhookSecret) secrets.push({ label: 'Webhook secret', value: String(data.webhookSecret) });
  return secrets;
}

/** Creates an integration; its client secret (and webhook secret) are shown once, with a copy button. */
export function IntegrationCreate() {
  const [secrets, setSecrets] = useState<Secret[] | null>(null);
  const redirect = useRedirect();
  return (
    <>
      <Create
        title="New integration"
        redirect={false}
        transform={blankToUndefined}
        mutationOptions={{ onSuccess: (data: RaRecord) => setSecrets(createdSecrets(data)) }}
      >
        <SimpleForm>
          <ReferenceInput source="tenantId" reference="tenants">
            <AutocompleteInput
              label="Tenant"
              optionText="name"
              validate={required()}
              filterToQuery={(q: string) => ({ q })}
            />
          </ReferenceInput>
          <TenantSetupInputs />
          <SelectInput source="role" label="Role" choices={ROLES} validate={required()} />
          <TextInput source="clientName" label="Client name" validate={required()} />
          <AccessAndWebhookInputs />
        </SimpleForm>
      </Create>
      <SecretsDialog
        title="Integration created"
        secrets={secrets}
        onClose={() => {
          setSecrets(null);
          redirect('list', 'integrations');
        }}
      />
    </>
  );
}

/** Who may call (allowed IPs, signed reads) and where its webhooks go: the same fields on create and edit. */
function AccessAndWebhookInputs() {
  return (
    <>
      <TextInput source="allowedIps" label="Allowed IPs" helperText="Addresses or CIDRs, comma-separated; empty: any" />
      <TextInput source="webhookUrl" label="Webhook URL" type="url" />
      <TextInput source="webhookEvents" label="Webhook events" helperText="Event names, comma-separated; empty: all" />
      <BooleanInput source="requireSignedReads" label="Require signed reads" />
    </>
  );
}

/** Runs one action at a time: its result to `done`, then a refresh; a failure shows the API's message. */
function useOneAtATime() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  async function run<T>(action: () => Promise<T>, done: (result: T) => void) {
    setBusy(true);
    try {
      done(await action());
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

/** Rotate secret, API key, webhook resume and ping: ADMIN's actions on one integration. */
function IntegrationActions() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const { busy, run } = useOneAtATime();
  const [secrets, setSecrets] = useState<{ title: string; secrets: Secret[] } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!record) return null;
  const show = (title: string, label: string, value: string) => setSecrets({ title, secrets: [{ label, value }] });
  const actions = [
    {
      label: 'Rotate secret',
      go: () =>
        run(
          () => dataProvider.rotateSecret(record.id),
          (r) =>
            show(
              `New client secret (the previous one works until ${new Date(r.previousSecretExpiresAt).toLocaleString()})`,
              'Client secret',
              r.clientSecret,
            ),
        ),
    },
    {
      label: 'Issue API key',
      go: () =>
        run(
          () => dataProvider.issueApiKey(record.id),
          (r) => show('API key (replaces any previous one)', 'API key', r.apiKey),
        ),
    },
    {
      label: 'Resume',
      webhook: true,
      go: () =>
        run(
          () => dataProvider.resume(record.id, false),
          (r) => notify(`Webhook resumed: ${r.requeued} requeued`, { type: 'success' }),
        ),
    },
    {
      label: 'Ping',
      webhook: true,
      go: () =>
        run(
          () => dataProvider.ping(record.id),
          (r) =>
            setOutcome(
              r.delivered
                ? `Ping delivered (${r.statusCode}, ${r.durationMs} ms)`
                : `Ping failed: ${r.error ?? r.statusCode}`,
            ),
        ),
    },
  ];

  return (
    <TopToolbar>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={Link} to={deliveriesLink(String(record.id))} label="Deliveries" />
        {actions.map((a) => (
          <Button
            key={a.label}
            label={a.label}
            disabled={busy || (a.webhook === true && !record.webhookUrl)}
            onClick={a.go}
          />
        ))}
      </Stack>
      {outcome && (
        <Alert role="status" severity="info" onClose={() => setOutcome(null)} sx={{ ml: 2 }}>
          {outcome}
        </Alert>
      )}
      <SecretsDialog title={secrets?.title ?? ''} secrets={secrets?.secrets ?? null} onClose={() => setSecrets(null)} />
    </TopToolbar>
  );
}

/** Active, allowed IPs, webhook URL and events, signed reads, rate limit (`PATCH /integrations/:id`). */
export function IntegrationEdit() {
  const [secrets, setSecrets] = useState<Secret[] | null>(null);
  const redirect = useRedirect();
  return (
    <>
      <Edit
        mutationMode="pessimistic"
        actions={<IntegrationActions />}
        redirect={false}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            if (data.webhookSecret) setSecrets([{ label: 'Webhook secret', value: String(data.webhookSecret) }]);
            else redirect('list', 'integrations');
          },
        }}
      >
        <SimpleForm>
          <TextField source="clientName" label="Client name" />
          <TextField source="clientId" label="Client id" />
          <BooleanInput source="active" label="Active" />
          <AccessAndWebhookInputs />
          <NumberInput
            source="rateLimitPerMinute"
            label="Rate limit per minute"
            helperText="Empty: the default"
            min={1}
            max={100000}
          />
        </SimpleForm>
      </Edit>
      <SecretsDialog
        title="Webhook secret"
        secrets={secrets}
        onClose={() => {
          setSecrets(null);
          redirect('list', 'integrations');
        }}
      />
    </>
  );
}
