import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AutocompleteInput,
  Datagrid,
  DateField,
  List,
  NumberField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  useExpanded,
  useRecordContext,
  useResourceContext,
  WrapperField,
} from 'react-admin';
import { messageOf, useAdminRead } from './reads';

/** The resources a tenant's page opens, each a list of that tenant's records. */
export const TENANT_RECORDS = ['products', 'customers', 'invoices'] as const;

/** `GET /tenants/:tenantId/products/:id`: the product with its stock per warehouse. */
interface ProductDetail {
  id: string;
  name: string;
  currentStock: number;
  stock: { warehouseId: string; warehouseName: string; onHand: number; reserved: number; available: number }[];
}

/** `GET /tenants/:tenantId/invoices/:id`: the invoice as the external API answers it. */
interface InvoiceDetail {
  billNumber: string;
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
  items: { productId: string; quantity: number; unitPrice: number; taxRate: number; grossAmount: number }[];
  payments: { id: string; number: string; amount: number }[];
  refunds: { id: string; number: string; amount: number }[];
  creditNotes: { id: string; number: string; amount: number; status: string }[];
  debitNotes: { id: string; number: string; amount: number; status: string }[];
}

const tenantFilter = (
  <ReferenceInput key="tenantId" source="tenantId" reference="tenants" alwaysOn>
    <AutocompleteInput label="Tenant" optionText="name" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>
);
const searchFilter = (placeholder: string) => <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />;
const INVOICE_STATUSES = ['DRAFT', 'APPROVED', 'PAID', 'VOIDED'].map((id) => ({ id, name: id }));

/** A record's read under its tenant, for the panel opened under its row. */
function useTenantRead<T>(resource: string) {
  const record = useRecordContext();
  const id = String(record?.id ?? '');
  const tenantId = String(record?.tenantId ?? '');
  const path = `/tenants/${encodeURIComponent(tenantId)}/${resource}/${encodeURIComponent(id)}`;
  return useAdminRead<T>([resource, tenantId, id], path, id !== '' && tenantId !== '');
}

/** Opens and closes the panel under a row: a labelled button in the tab order. */
function DetailButton({ what }: { what: string }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? 'products';
  const [expanded, toggle] = useExpanded(resource, record?.id ?? '');
  if (!record) return null;
  const name = String(record.name ?? record.billNumber ?? record.id);
  return (
    <Button
      size="small"
      aria-expanded={expanded}
      aria-label={`${expanded ? 'Hide' : 'Show'} ${what} of ${name}`}
      onClick={(e) => {
        e.stopPropagation();
        toggle();
      }}
    >
      {expanded ? 'Hide' : what}
    </Button>
  );
}

function SmallTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <Box sx={{ overflowX: 'auto', mb: 1 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}

/** A product's stock per warehouse: on hand, reserved (unexpired holds) and available. */
function ProductStock() {
  const { data, error } = useTenantRead<ProductDetail>('products');
  if (error) return <Alert severity="error">{messageOf(error)}</Alert>;
  if (!data) return <Typography variant="body2">Loading the stock…</Typography>;
  if (data.stock.length === 0) return <Typography variant="body2">No stock in any warehouse.</Typography>;
  return (
    <SmallTable label={`Stock of ${data.name}`} head={['Warehouse', 'On hand', 'Reserved', 'Available']}>
      {data.stock.map((s) => (
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

/** A tenant's catalogue, by name; each product opens its stock per warehouse. */
export function ProductList() {
  return (
    <List
      filters={[tenantFilter, searchFilter('Search by name or SKU')]}
      perPage={25}
      title="Products"
      empty={false}
      storeKey={false}
      exporter={false}
    >
      <Datagrid rowClick={false} bulkActionButtons={false} expand={<ProductStock />}>
        <TextField source="name" label="Name" sortable={false} />
        <TextField source="sku" label="SKU" sortable={false} />
        <NumberField source="price" label="Price" sortable={false} />
        <NumberField source="currentStock" label="On hand" sortable={false} />
        <NumberField source="minStock" label="Min. stock" sortable={false} />
        <WrapperField label="Stock" sortable={false}>
          <DetailButton what="Stock" />
        </WrapperField>
      </Datagrid>
    </List>
  );
}

/** A tenant's customers, by name. */
export function CustomerList() {
  return (
    <List
      filters={[tenantFilter, searchFilter('Search by name, email or phone')]}
      perPage={25}
      title="Customers"
      empty={false}
      storeKey={false}
      exporter={false}
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="name" label="Name" sortable={false} />
        <TextField source="email" label="Email" emptyText="—" sortable={false} />
        <TextField source="phone" label="Phone" emptyText="—" sortable={false} />
        <TextField source="taxId" label="Tax id" emptyText="—" sortable={false} />
        <DateField source="createdAt" label="Created" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** An invoice's lines, totals, payments, refunds and notes, as the external API answers it. */
function InvoiceLines() {
  const { data, error } = useTenantRead<InvoiceDetail>('invoices');
  if (error) return <Alert severity="error">{messageOf(error)}</Alert>;
  if (!data) return <Typography variant="body2">Loading the invoice…</Typography>;
  const documents = [
    ...data.payments.map((d) => ({ ...d, kind: 'Payment', status: '' })),
    ...data.refunds.map((d) => ({ ...d, kind: 'Refund', status: '' })),
    ...data.creditNotes.map((d) => ({ ...d, kind: 'Credit note' })),
    ...data.debitNotes.map((d) => ({ ...d, kind: 'Debit note' })),
  ];
  return (
    <Box>
      <SmallTable label={`Lines of ${data.billNumber}`} head={['Product', 'Quantity', 'Unit price', 'Tax %', 'Gross']}>
        {data.items.map((item, i) => (
          <TableRow key={`${item.productId}-${i}`}>
            <TableCell>{item.productId}</TableCell>
            <TableCell align="right">{item.quantity}</TableCell>
            <TableCell align="right">{item.unitPrice}</TableCell>
            <TableCell align="right">{item.taxRate}</TableCell>
            <TableCell align="right">{item.grossAmount}</TableCell>
          </TableRow>
        ))}
      </SmallTable>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Subtotal {data.subtotal} · tax {data.taxAmount} · total {data.totalAmount}
      </Typography>
      {documents.length > 0 && (
        <SmallTable label={`Documents of ${data.billNumber}`} head={['Document', 'Number', 'Status', 'Amount']}>
          {documents.map((d) => (
            <TableRow key={d.id}>
              <TableCell>{d.kind}</TableCell>
              <TableCell align="right">{d.number}</TableCell>
              <TableCell align="right">{d.status || '—'}</TableCell>
              <TableCell align="right">{d.amount}</TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </Box>
  );
}

/** A tenant's invoices, newest first, filtered by status; each opens its lines and documents. */
export function InvoiceList() {
  return (
    <List
      filters={[tenantFilter, <SelectInput key="status" source="status" label="Status" choices={INVOICE_STATUSES} />]}
      perPage={25}
      title="Invoices"
      empty={false}
      storeKey={false}
      exporter={false}
    >
      <Datagrid rowClick={false} bulkActionButtons={false} expand={<InvoiceLines />}>
        <TextField source="billNumber" label="Number" sortable={false} />
        <TextField source="status" label="Status" sortable={false} />
        <NumberField source="totalAmount" label="Total" sortable={false} />
        <NumberField source="amountPaid" label="Paid" sortable={false} />
        <NumberField source="amountDue" label="Due" sortable={false} />
        <DateField source="createdAt" label="Created" showTime sortable={false} />
        <WrapperField label="Detail" sortable={false}>
          <DetailButton what="Detail" />
        </WrapperField>
      </Datagrid>
    </List>
  );
}
