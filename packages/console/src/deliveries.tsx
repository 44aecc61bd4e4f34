import { lazy, Suspense, useState } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import {
  Button,
  Datagrid,
  DateField,
  FilterButton,
  List,
  NumberField,
  ReferenceField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import type { ConsoleDataProvider } from './dataProvider';

/** The chart and its library load only for a page filtered on one integration. */
const DeliveriesChart = lazy(() => import('./charts').then((m) => ({ default: m.DeliveriesChart })));

const STATUSES = ['PENDING', 'IN_FLIGHT', 'RETRYING', 'DELIVERED', 'DEAD', 'HELD'].map((id) => ({ id, name: id }));

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={STATUSES} alwaysOn />,
  <TextInput key="integrationId" source="integrationId" label="Integration id" />,
];

interface Attempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A delivery's attempts, newest last. */
function Attempts() {
  const record = useRecordContext();
  const attempts = (record?.attempts ?? []) as Attempt[];
  if (attempts.length === 0) return <p>No attempt yet.</p>;
  return (
    <Table size="small" aria-label="Attempts">
      <TableHead>
        <TableRow>
          <TableCell>At</TableCell>
          <TableCell>Status code</TableCell>
          <TableCell>Error</TableCell>
          <TableCell>Duration (ms)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {attempts.map((a, i) => (
          <TableRow key={i}>
            <TableCell>{new Date(a.at).toLocaleString()}</TableCell>
            <TableCell>{a.statusCode ?? '—'}</TableCell>
            <TableCell>{a.error ?? '—'}</TableCell>
            <TableCell>{a.durationMs}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function useAction() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  async function run(action: (dp: ConsoleDataProvider) => Promise<unknown>, done: string | ((r: never) => string)) {
    setBusy(true);
    try {
      const result = await action(dataProvider);
      notify(typeof done === 'string' ? done : done(result as never), { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

/** `Replay`: a DEAD or DELIVERED delivery sent again (ADMIN). */
function ReplayButton() {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'deliveries', action: 'replay' });
  const { busy, run } = useAction();
  if (!record || !canAccess || !['DEAD', 'DELIVERED'].includes(String(record.status))) return null;
  return (
    <Button
      label="Replay"
      disabled={busy}
      aria-label={`Replay delivery ${record.event as string}`}
      onClick={(e) => {
        e.stopPropagation();
        void run((dp) => dp.replay(record.id), 'Delivery queued again');
      }}
    />
  );
}

/** `Resume` and `Ping` for the integration the list is filtered on (ADMIN). */
function DeliveryActions() {
  const { filterValues } = useListContext();
  const { canAccess } = useCanAccess({ resource: 'deliveries', action: 'resume' });
  const { busy, run } = useAction();
  const integrationId = typeof filterValues.integrationId === 'string' ? filterValues.integrationId : '';
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && integrationId !== '' && (
        <>
          <Button
            label="Resume"
            disabled={busy}
            onClick={() =>
              run(
                (dp) => dp.resume(integrationId, true),
                (r: { requeued: number; replayed: number }) =>
                  `Webhook resumed: ${r.requeued} requeued, ${r.replayed} replayed`,
              )
            }
          />
          <Button
            label="Ping"
            disabled={busy}
            onClick={() =>
              run(
                (dp) => dp.ping(integrationId),
                (r: { delivered: boolean; statusCode: number | null; error: string | null }) =>
                  r.delivered ? `Ping delivered (${r.statusCode})` : `Ping failed: ${r.error ?? r.statusCode}`,
              )
            }
          />
        </>
      )}
    </TopToolbar>
  );
}

/** One integration's deliveries per day, above its list (nothing when the list spans every integration). */
function IntegrationChart() {
  const { filterValues } = useListContext();
  const integrationId = typeof filterValues.integrationId === 'string' ? filterValues.integrationId.trim() : '';
  if (integrationId === '') return null;
  return (
    <Box sx={{ p: 2, pb: 0 }}>
      <Suspense fallback={<p>Loading the chart…</p>}>
        <DeliveriesChart integrationId={integrationId} />
      </Suspense>
    </Box>
  );
}

export function DeliveryList() {
  return (
    <List
      filters={filters}
      actions={<DeliveryActions />}
      perPage={25}
      title="Deliveries"
      storeKey={false}
      exporter={false}
    >
      <IntegrationChart />
      <Datagrid rowClick="expand" expand={<Attempts />} bulkActionButtons={false}>
        <TextField source="event" label="Event" sortable={false} />
        <TextField source="status" label="Status" sortable={false} />
        <ReferenceField
          source="integrationId"
          reference="integrations"
          label="Integration"
          link="edit"
          sortable={false}
        >
          <TextField source="clientName" />
        </ReferenceField>
        <NumberField source="attemptCount" label="Attempts" sortable={false} />
        <TextField source="lastStatusCode" label="Last status" emptyText="—" sortable={false} />
        <TextField source="lastError" label="Last error" emptyText="—" sortable={false} />
        <DateField source="createdAt" label="Created" showTime sortable={false} />
        <ReplayButton />
      </Datagrid>
    </List>
  );
}

export type { RaRecord };
