import { TableCell, TableRow } from '@mui/material';
import { DateField, NumberField, TextField, WrapperField } from 'react-admin';
import { DetailButton, ReadState, searchFilter, SmallTable, TenantRecordList, useTenantRead } from './tenant-records';

/** The resources a tenant's page opens, each a list of that tenant's records, with their labels. */
export const TENANT_RECORDS = [
  ['products', 'Products'],
  ['customers', 'Customers'],
  ['invoices', 'Invoices'],
  ['payments', 'Payments'],
  ['refunds', 'Refunds'],
  ['credit-notes', 'Credit notes'],
  ['debit-notes', 'Debit notes'],
  ['reservations', 'Reservations'],
  ['transfers', 'Transfers'],
  ['purchase-orders', 'Purchase orders'],
  ['goods-receipts', 'Goods receipts'],
  ['shipments', 'Shipments'],
] as const;

/** `GET /tenants/:tenantId/products/:id`: the product with its stock per warehouse. */
export interface ProductDetail {
  id: string;
  name: string;
  sku: string;
  currentStock: number;
  minStock: number;
  stock: { warehouseId: string; warehouseName: string; onHand: number; reserved: number; available: number }[];
}

/** A product's stock per warehouse: on hand, reserved (unexpired holds) and available. */
export function StockTable({ product }: { product: ProductDetail }) {
  if (product.stock.length === 0) return <p>No stock in any warehouse.</p>;
  return (
    <SmallTable label={`Stock of ${product.name}`} head={['Warehouse', 'On hand', 'Reserved', 'Available']}>
      {product.stock.map((s) => (
        <TableRow key={s.warehouseId}>
          <TableCell>{s.warehouseName}</TableCell>
          <TableCell align="right">{s.onHand}</TableCell>
          <TableCell align="right">{s.reserved}</TableCell>
          <TableCell align="right">{s.available}</TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

/** The panel under a product's row: its stock per warehouse. */
function ProductStock() {
  const { data, error } = useTenantRead<ProductDetail>('products');
  if (!data) return <ReadState error={error} what="the stock" />;
  return <StockTable product={data} />;
}

/** A tenant's catalogue, by name; each product opens its stock per warehouse, and its page. */
export function ProductList() {
  return (
    <TenantRecordList
      title="Products"
      what="products"
      filters={[searchFilter('Search by name or SKU')]}
      expand={<ProductStock />}
    >
      <TextField source="name" label="Name" sortable={false} />
      <TextField source="sku" label="SKU" sortable={false} />
      <NumberField source="price" label="Price" sortable={false} />
      <NumberField source="currentStock" label="On hand" sortable={false} />
      <NumberField source="minStock" label="Min. stock" sortable={false} />
      <WrapperField label="Stock" sortable={false}>
        <DetailButton what="Stock" />
      </WrapperField>
    </TenantRecordList>
  );
}

/** A tenant's customers, by name. */
export function CustomerList() {
  return (
    <TenantRecordList
      title="Customers"
      what="customers"
      filters={[searchFilter('Search by name, email or phone')]}
      open={false}
    >
      <TextField source="name" label="Name" sortable={false} />
      <TextField source="email" label="Email" emptyText="—" sortable={false} />
      <TextField source="phone" label="Phone" emptyText="—" sortable={false} />
      <TextField source="taxId" label="Tax id" emptyText="—" sortable={false} />
      <DateField source="createdAt" label="Created" sortable={false} />
    </TenantRecordList>
  );
}
