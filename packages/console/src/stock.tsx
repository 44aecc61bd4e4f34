import { Box } from '@mui/material';
import {
  DateField,
  FunctionField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import {
  ProductFilter,
  Section,
  statusFilter,
  StockItems,
  TenantRecordList,
  WarehouseField,
  WarehouseFilter,
  titleOf,
} from './tenant-records';

/*
 * A tenant's stock documents the back office reads: reservations (holds on stock until they
 * are committed, released or expire) and transfers between its warehouses.
 */

const RESERVATION_STATUSES = ['ACTIVE', 'COMMITTED', 'RELEASED', 'EXPIRED'];

const itemCount = (r: RaRecord) => (r.items as unknown[]).length;

/** The items of the record on the page. */
export function ItemsSection({ what }: { what: string }) {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  const number = String(record.reservationNumber ?? record.transferNumber ?? record.receiptNumber ?? '');
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Section id="items" title="Items">
        <StockItems
          label={`Items of ${what} ${number}`}
          tenantId={String(record.tenantId)}
          items={(record.items ?? []) as { productId: string; quantity: number }[]}
        />
      </Section>
    </Box>
  );
}

/** A tenant's reservations, newest first: by status as of now, warehouse and product. */
export function ReservationList() {
  return (
    <TenantRecordList
      title="Reservations"
      what="reservations"
      filters={[
        statusFilter(RESERVATION_STATUSES),
        <WarehouseFilter key="warehouseId" />,
        <ProductFilter key="productId" />,
      ]}
    >
      <TextField source="reservationNumber" label="Number" sortable={false} />
      <TextField source="status" label="Status" sortable={false} />
      <WarehouseField source="warehouseId" label="Warehouse" sortable={false} />
      <FunctionField label="Items" sortable={false} render={itemCount} />
      <TextField source="reference" label="Reference" emptyText="—" sortable={false} />
      <DateField source="expiresAt" label="Expires" showTime sortable={false} />
      <DateField source="createdAt" label="Created" showTime sortable={false} />
    </TenantRecordList>
  );
}

const ReservationTitle = titleOf('Reservation', 'reservationNumber');

/** A reservation: its status as of now, warehouse, expiry and items by product. */
export function ReservationShow() {
  return (
    <Show title={<ReservationTitle />}>
      <SimpleShowLayout>
        <TextField source="reservationNumber" label="Number" />
        <TextField source="status" label="Status" />
        <WarehouseField source="warehouseId" label="Warehouse" sortable={false} />
        <TextField source="reference" label="Reference" emptyText="—" />
        <DateField source="expiresAt" label="Expires" showTime />
        <DateField source="createdAt" label="Created" showTime />
        <DateField source="updatedAt" label="Last changed" showTime />
      </SimpleShowLayout>
      <ItemsSection what="reservation" />
    </Show>
  );
}

/** A tenant's transfers, newest first: by warehouse (either end) and product. */
export function TransferList() {
  return (
    <TenantRecordList
      title="Transfers"
      what="transfers"
      filters={[<WarehouseFilter key="warehouseId" />, <ProductFilter key="productId" />]}
    >
      <TextField source="transferNumber" label="Number" sortable={false} />
      <WarehouseField source="fromWarehouseId" label="From" sortable={false} />
      <WarehouseField source="toWarehouseId" label="To" sortable={false} />
      <FunctionField label="Items" sortable={false} render={itemCount} />
      <TextField source="reference" label="Reference" emptyText="—" sortable={false} />
      <DateField source="createdAt" label="Created" showTime sortable={false} />
    </TenantRecordList>
  );
}

const TransferTitle = titleOf('Transfer', 'transferNumber');

/** A transfer: its two warehouses and items by product. */
export function TransferShow() {
  return (
    <Show title={<TransferTitle />}>
      <SimpleShowLayout>
        <TextField source="transferNumber" label="Number" />
        <WarehouseField source="fromWarehouseId" label="From" sortable={false} />
        <WarehouseField source="toWarehouseId" label="To" sortable={false} />
        <TextField source="reference" label="Reference" emptyText="—" />
        <DateField source="createdAt" label="Created" showTime />
      </SimpleShowLayout>
      <ItemsSection what="transfer" />
    </Show>
  );
}
