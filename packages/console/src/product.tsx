import { lazy, Suspense } from 'react';
import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  NumberField,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { StockTable, type ProductDetail } from './records';
import { ReadState, Section, WarehouseName, titleOf } from './tenant-records';

/** The chart and its library load with the product's page, in the charts' own chunk. */
const StockChart = lazy(() => import('./charts').then((m) => ({ default: m.StockChart })));

const LEDGER_TYPES: Record<string, string> = {
  ADJUSTMENT_IN: 'Adjustment in',
  ADJUSTMENT_OUT: 'Adjustment out',
  TRANSFER_IN: 'Transfer in',
  TRANSFER_OUT: 'Transfer out',
  GOODS_RECEIPT: 'Goods receipt',
  RESERVATION_COMMIT: 'Reservation committed',
};

/** The product's movements in every warehouse, newest first, a page at a time. */
function Ledger() {
  const product = useRecordContext<RaRecord>();
  if (!product) return null;
  const tenantId = String(product.tenantId);
  return (
    <ReferenceManyField
      reference="ledger"
      target="productId"
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
    >
      <Datagrid
        rowClick={false}
        bulkActionButtons={false}
        empty={<Typography variant="body2">No movements yet.</Typography>}
      >
        <DateField source="createdAt" label="When" showTime sortable={false} />
        <FunctionField label="Movement" sortable={false} render={(r: RaRecord) => LEDGER_TYPES[r.type] ?? r.type} />
        <TextField source="sourceNumber" label="Document" sortable={false} />
        <FunctionField
          label="Warehouse"
          sortable={false}
          render={(r: RaRecord) => <WarehouseName tenantId={tenantId} warehouseId={String(r.warehouseId)} />}
        />
        <NumberField source="quantity" label="Quantity" sortable={false} />
        <NumberField source="balanceAfter" label="Balance in the warehouse" sortable={false} />
        <TextField source="approvedBy" label="Approved by" emptyText="—" sortable={false} />
      </Datagrid>
    </ReferenceManyField>
  );
}

/** The product's stock per warehouse and its chart against the minimum. */
function ProductStock() {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  // Opened from the list, the page shows the listed product until the product itself is read.
  if (!Array.isArray(record.stock)) return <ReadState error={null} what="the stock" />;
  const product = record as unknown as ProductDetail & { tenantId: string; recordId: string };
  return (
    <Box sx={{ px: 2, pb: 2, minWidth: 0 }}>
      <Section id="product-stock" title="Stock per warehouse">
        <StockTable product={product} />
      </Section>
      <Box sx={{ mt: 2 }}>
        <Suspense fallback={<p>Loading the chart…</p>}>
          <StockChart
            tenantId={product.tenantId}
            productId={product.recordId}
            onHandNow={product.currentStock}
            minStock={product.minStock}
          />
        </Suspense>
      </Box>
      <Section id="product-ledger" title="Stock ledger">
        <Ledger />
      </Section>
    </Box>
  );
}

const ProductTitle = titleOf('Product', 'name');

/** A product of a tenant: its fields, stock per warehouse, stock against its minimum, and its ledger. */
export function ProductShow() {
  return (
    <Show title={<ProductTitle />}>
      <SimpleShowLayout>
        <TextField source="name" label="Name" />
        <TextField source="sku" label="SKU" />
        <NumberField source="price" label="Price" />
        <NumberField source="taxRate" label="Tax rate (%)" />
        <NumberField source="currentStock" label="On hand (all warehouses)" />
        <NumberField source="minStock" label="Minimum stock" />
        <TextField source="unit" label="Unit" />
      </SimpleShowLayout>
      <ProductStock />
    </Show>
  );
}
