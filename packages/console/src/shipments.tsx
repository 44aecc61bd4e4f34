import { Box, TableCell, TableRow } from '@mui/material';
import {
  DateField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { InvoiceField, Section, SmallTable, statusFilter, TenantRecordList, titleOf } from './tenant-records';

/*
 * A tenant's shipments: the list (booked with a carrier, newest first) and each one's page with
 * its tracking history, oldest first, starting with BOOKED.
 */

const SHIPMENT_STATUSES = ['BOOKED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'FAILED', 'CANCELLED'];

interface TrackingLine {
  status: string;
  at: string;
  location: string | null;
  note: string | null;
}

/** A tenant's shipments, newest first, by status. */
export function ShipmentList() {
  return (
    <TenantRecordList title="Shipments" what="shipments" filters={[statusFilter(SHIPMENT_STATUSES)]}>
      <TextField source="shipmentNumber" label="Number" sortable={false} />
      <TextField source="status" label="Status" sortable={false} />
      <TextField source="carrier" label="Carrier" sortable={false} />
      <TextField source="trackingNumber" label="Tracking number" sortable={false} />
      <TextField source="recipient.name" label="Recipient" sortable={false} />
      <TextField source="recipient.address.city" label="City" sortable={false} />
      <InvoiceField label="Invoice" sortable={false} />
      <NumberField source="codAmount" label="Cash on delivery" sortable={false} />
      <DateField source="createdAt" label="Booked" showTime sortable={false} />
    </TenantRecordList>
  );
}

/** The shipment's tracking history, oldest first. */
function TrackingHistory() {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  const history = (record.history ?? []) as TrackingLine[];
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Section id="tracking" title="Tracking history">
        <SmallTable
          label={`Tracking of ${String(record.shipmentNumber)}`}
          head={['Status', 'When', 'Location', 'Note']}
        >
          {history.map((line, i) => (
            <TableRow key={`${line.status}-${i}`}>
              <TableCell>{line.status}</TableCell>
              <TableCell align="right">{new Date(line.at).toLocaleString()}</TableCell>
              <TableCell align="right">{line.location ?? '—'}</TableCell>
              <TableCell align="right">{line.note ?? '—'}</TableCell>
            </TableRow>
          ))}
        </SmallTable>
      </Section>
    </Box>
  );
}

const ShipmentTitle = titleOf('Shipment', 'shipmentNumber');

/** A shipment: its number, tracking number, status and tracking history. */
export function ShipmentShow() {
  return (
    <Show title={<ShipmentTitle />}>
      <SimpleShowLayout>
        <TextField source="shipmentNumber" label="Number" />
        <TextField source="trackingNumber" label="Tracking number" />
        <TextField source="status" label="Status" />
      </SimpleShowLayout>
      <TrackingHistory />
    </Show>
  );
}
