import { Box, TableCell, TableRow, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  Pagination,
  ReferenceManyField,
  Show,
  ShowButton,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { ItemsSection } from './stock';
import {
  ProductName,
  Section,
  SmallTable,
  statusFilter,
  TenantRecordLink,
  TenantRecordList,
  WarehouseField,
  WarehouseFilter,
  titleOf,
} from './tenant-records';

/*
 * A tenant's purchasing: purchase orders with what was received of each line, and the goods
 * receipts that took stock in, against an order or not.
 */

const PURCHASE_ORDER_STATUSES = ['OPEN', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED'];

interface OrderLine {
  productId: string;
  orderedQuantity: number;
  receivedQuantity: number;
  unitCost: number;
}

/** A tenant's purchase orders, newest first, by status. */
export function PurchaseOrderList() {
  return (
    <TenantRecordList title="Purchase orders" what="purchase orders" filters={[statusFilter(PURCHASE_ORDER_STATUSES)]}>
      <TextField source="poNumber" label="Number" sortable={false} />
      <TextField source="supplierName" label="Supplier" sortable={false} />
      <TextField source="status" label="Status" sortable={false} />
      <WarehouseField source="warehouseId" label="Warehouse" sortable={false} />
      <TextField source="expectedOn" label="Expected on" emptyText="—" sortable={false} />
      <DateField source="createdAt" label="Created" showTime sortable={false} />
    </TenantRecordList>
  );
}

/** An order's lines: ordered, received and unit cost per product; and its receipts. */
function OrderDetail() {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  const tenantId = String(record.tenantId);
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Section id="order-lines" title="Lines">
        <SmallTable
          label={`Lines of ${String(record.poNumber)}`}
          head={['Product', 'Ordered', 'Received', 'Unit cost']}
        >
          {((record.items ?? []) as OrderLine[]).map((line) => (
            <TableRow key={line.productId}>
              <TableCell>
                <ProductName tenantId={tenantId} productId={line.productId} />
              </TableCell>
              <TableCell align="right">{line.orderedQuantity}</TableCell>
              <TableCell align="right">{line.receivedQuantity}</TableCell>
              <TableCell align="right">{line.unitCost}</TableCell>
            </TableRow>
          ))}
        </SmallTable>
      </Section>
      <Section id="order-receipts" title="Goods receipts">
        <ReferenceManyField
          reference="goods-receipts"
          target="purchaseOrderId"
          perPage={10}
          pagination={<Pagination />}
        >
          <Datagrid
            rowClick={false}
            bulkActionButtons={false}
            empty={<Typography variant="body2">Nothing received yet.</Typography>}
          >
            <TextField source="receiptNumber" label="Receipt" sortable={false} />
            <TextField source="supplierReference" label="Supplier reference" emptyText="—" sortable={false} />
            <DateField source="createdAt" label="Received" showTime sortable={false} />
            <ShowButton label="Open" />
          </Datagrid>
        </ReferenceManyField>
      </Section>
    </Box>
  );
}

const OrderTitle = titleOf('Purchase order', 'poNumber');

export function PurchaseOrderShow() {
  return (
    <Show title={<OrderTitle />}>
      <SimpleShowLayout>
        <TextField source="poNumber" label="Number" />
        <TextField source="supplierName" label="Supplier" />
        <TextField source="status" label="Status" />
        <WarehouseField source="warehouseId" label="Warehouse" sortable={false} />
        <TextField source="expectedOn" label="Expected on" emptyText="—" />
        <TextField source="cancelReason" label="Cancel reason" emptyText="—" />
        <TextField source="cancelledBy" label="Cancelled by" emptyText="—" />
        <DateField source="createdAt" label="Created" showTime />
      </SimpleShowLayout>
      <OrderDetail />
    </Show>
  );
}

/** The order a receipt was taken against, linking to its page. */
function OrderField(_: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<RaRecord>();
  if (!record?.purchaseOrderId) return <>—</>;
  return (
    <TenantRecordLink
      resource="purchase-orders"
      tenantId={String(record.tenantId)}
      id={String(record.purchaseOrderId)}
      label="Order"
    />
  );
}

/** A tenant's goods receipts, newest first, by warehouse. */
export function GoodsReceiptList() {
  return (
    <TenantRecordList title="Goods receipts" what="goods receipts" filters={[<WarehouseFilter key="warehouseId" />]}>
      <TextField source="receiptNumber" label="Number" sortable={false} />
      <WarehouseField source="warehouseId" label="Warehouse" sortable={false} />
      <OrderField label="Purchase order" sortable={false} />
      <TextField source="supplierReference" label="Supplier reference" emptyText="—" sortable={false} />
      <DateField source="createdAt" label="Received" showTime sortable={false} />
    </TenantRecordList>
  );
}

const ReceiptTitle = titleOf('Goods receipt', 'receiptNumber');

export function GoodsReceiptShow() {
  return (
    <Show title={<ReceiptTitle />}>
      <SimpleShowLayout>
        <TextField source="receiptNumber" label="Number" />
        <WarehouseField source="warehouseId" label="Warehouse" sortable={false} />
        <OrderField label="Purchase order" />
        <TextField source="supplierReference" label="Supplier reference" emptyText="—" />
        <DateField source="createdAt" label="Received" showTime />
      </SimpleShowLayout>
      <ItemsSection what="goods receipt" />
    </Show>
  );
}
