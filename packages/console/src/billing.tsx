import { Box, TableCell, TableRow, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  NumberField,
  Pagination,
  ReferenceManyField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  WrapperField,
  type RaRecord,
} from 'react-admin';
import {
  DetailButton,
  InvoiceField,
  ProductName,
  ReadState,
  Section,
  SmallTable,
  statusFilter,
  TenantRecordList,
  useTenantRead,
  titleOf,
} from './tenant-records';

/*
 * A tenant's billing: invoices (each with its lines, payments, refunds and notes on its page),
 * and its payments, refunds, credit notes and debit notes across invoices.
 */

const INVOICE_STATUSES = ['DRAFT', 'APPROVED', 'PAID', 'VOIDED'];
const METHODS = ['CASH', 'CARD', 'QR', 'CREDIT'].map((id) => ({ id, name: id }));

interface InvoiceLine {
  productId: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  grossAmount: number;
}

interface NoteEntry {
  id: string;
  number: string;
  amount: number;
  status: string;
  createdAt: string;
}

/** `GET /tenants/:tenantId/invoices/:id`: the invoice as the external API answers it. */
interface InvoiceDetail {
  billNumber: string;
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
  items: InvoiceLine[];
  payments: { id: string; number: string; amount: number }[];
  refunds: { id: string; number: string; amount: number }[];
  creditNotes: NoteEntry[];
  debitNotes: NoteEntry[];
}

function LinesTable({ billNumber, items, tenantId }: { billNumber: string; items: InvoiceLine[]; tenantId?: string }) {
  return (
    <SmallTable label={`Lines of ${billNumber}`} head={['Product', 'Quantity', 'Unit price', 'Tax %', 'Gross']}>
      {items.map((item, i) => (
        <TableRow key={`${item.productId}-${i}`}>
          <TableCell>
            {tenantId ? <ProductName tenantId={tenantId} productId={item.productId} /> : item.productId}
          </TableCell>
          <TableCell align="right">{item.quantity}</TableCell>
          <TableCell align="right">{item.unitPrice}</TableCell>
          <TableCell align="right">{item.taxRate}</TableCell>
          <TableCell align="right">{item.grossAmount}</TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

/** The panel under an invoice's row: its lines, totals, payments, refunds and notes. */
function InvoiceLines() {
  const { data, error } = useTenantRead<InvoiceDetail>('invoices');
  if (!data) return <ReadState error={error} what="the invoice" />;
  const documents = [
    ...data.payments.map((d) => ({ ...d, kind: 'Payment', status: '' })),
    ...data.refunds.map((d) => ({ ...d, kind: 'Refund', status: '' })),
    ...data.creditNotes.map((d) => ({ ...d, kind: 'Credit note' })),
    ...data.debitNotes.map((d) => ({ ...d, kind: 'Debit note' })),
  ];
  return (
    <Box>
      <LinesTable billNumber={data.billNumber} items={data.items} />
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

/** A tenant's invoices, newest first, by status; each opens its lines and documents, and its page. */
export function InvoiceList() {
  return (
    <TenantRecordList
      title="Invoices"
      what="invoices"
      filters={[statusFilter(INVOICE_STATUSES)]}
      expand={<InvoiceLines />}
    >
      <TextField source="billNumber" label="Number" sortable={false} />
      <TextField source="status" label="Status" sortable={false} />
      <NumberField source="totalAmount" label="Total" sortable={false} />
      <NumberField source="amountPaid" label="Paid" sortable={false} />
      <NumberField source="amountDue" label="Due" sortable={false} />
      <DateField source="createdAt" label="Created" showTime sortable={false} />
      <WrapperField label="Detail" sortable={false}>
        <DetailButton what="Detail" />
      </WrapperField>
    </TenantRecordList>
  );
}

/** An invoice's credit and debit notes, from its detail. */
function NotesTable({ record }: { record: RaRecord }) {
  const notes = [
    ...((record.creditNotes ?? []) as NoteEntry[]).map((n) => ({ ...n, kind: 'Credit note' })),
    ...((record.debitNotes ?? []) as NoteEntry[]).map((n) => ({ ...n, kind: 'Debit note' })),
  ];
  if (notes.length === 0) return <Typography variant="body2">No notes.</Typography>;
  return (
    <SmallTable label={`Notes of ${String(record.billNumber)}`} head={['Note', 'Number', 'Status', 'Amount']}>
      {notes.map((n) => (
        <TableRow key={n.id}>
          <TableCell>{n.kind}</TableCell>
          <TableCell align="right">{n.number}</TableCell>
          <TableCell align="right">{n.status}</TableCell>
          <TableCell align="right">{n.amount}</TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

/** Lines, payments and refunds (each a page at a time from their lists) and notes of the invoice. */
function InvoiceDocuments() {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  // Opened from the list, the page shows the listed summary until the invoice itself is read.
  if (!Array.isArray(record.items)) return <ReadState error={null} what="the invoice" />;
  const number = String(record.billNumber);
  return (
    <Box sx={{ px: 2, pb: 2, minWidth: 0 }}>
      <Section id="invoice-lines" title="Lines">
        <LinesTable billNumber={number} items={record.items as InvoiceLine[]} tenantId={String(record.tenantId)} />
      </Section>
      <Section id="invoice-payments" title="Payments">
        <ReferenceManyField reference="payments" target="invoiceId" perPage={10} pagination={<Pagination />}>
          <Datagrid
            rowClick={false}
            bulkActionButtons={false}
            empty={<Typography variant="body2">No payments.</Typography>}
          >
            <TextField source="paymentNumber" label="Payment" sortable={false} />
            <NumberField source="amount" label="Amount" sortable={false} />
            <TextField source="method" label="Method" sortable={false} />
            <TextField source="reference" label="Reference" emptyText="—" sortable={false} />
            <TextField source="recordedBy" label="Recorded by" emptyText="an integration" sortable={false} />
            <DateField source="receivedAt" label="Received" showTime sortable={false} />
          </Datagrid>
        </ReferenceManyField>
      </Section>
      <Section id="invoice-refunds" title="Refunds">
        <ReferenceManyField reference="refunds" target="invoiceId" perPage={10} pagination={<Pagination />}>
          <Datagrid
            rowClick={false}
            bulkActionButtons={false}
            empty={<Typography variant="body2">No refunds.</Typography>}
          >
            <TextField source="refundNumber" label="Refund" sortable={false} />
            <NumberField source="amount" label="Amount" sortable={false} />
            <TextField source="reason" label="Reason" sortable={false} />
            <TextField source="method" label="Method" emptyText="—" sortable={false} />
            <DateField source="createdAt" label="Refunded" showTime sortable={false} />
          </Datagrid>
        </ReferenceManyField>
      </Section>
      <Section id="invoice-notes" title="Credit and debit notes">
        <NotesTable record={record} />
      </Section>
    </Box>
  );
}

const InvoiceTitle = titleOf('Invoice', 'billNumber');

/** An invoice: its amounts, lines, payments, refunds and notes. */
export function InvoiceShow() {
  return (
    <Show title={<InvoiceTitle />}>
      <SimpleShowLayout>
        <TextField source="billNumber" label="Number" />
        <TextField source="status" label="Status" />
        <TextField source="paymentMethod" label="Payment method" />
        <NumberField source="totalAmount" label="Total" />
        <NumberField source="netAmount" label="Net of notes" />
        <NumberField source="amountPaid" label="Paid" />
        <NumberField source="amountDue" label="Due" />
        <DateField source="createdAt" label="Created" showTime />
      </SimpleShowLayout>
      <InvoiceDocuments />
    </Show>
  );
}

/** A tenant's payments across its invoices, newest first, by method. */
export function PaymentList() {
  return (
    <TenantRecordList
      title="Payments"
      what="payments"
      filters={[<SelectInput key="method" source="method" label="Method" choices={METHODS} />]}
    >
      <TextField source="paymentNumber" label="Number" sortable={false} />
      <InvoiceField label="Invoice" sortable={false} />
      <NumberField source="amount" label="Amount" sortable={false} />
      <TextField source="method" label="Method" sortable={false} />
      <TextField source="reference" label="Reference" emptyText="—" sortable={false} />
      <DateField source="receivedAt" label="Received" showTime sortable={false} />
    </TenantRecordList>
  );
}

export function PaymentShow() {
  return (
    <Show title="Payment">
      <SimpleShowLayout>
        <TextField source="paymentNumber" label="Number" />
        <InvoiceField label="Invoice" />
        <NumberField source="amount" label="Amount" />
        <TextField source="method" label="Method" />
        <TextField source="reference" label="Reference" emptyText="—" />
        <TextField source="recordedBy" label="Recorded by" emptyText="an integration" />
        <DateField source="receivedAt" label="Received" showTime />
      </SimpleShowLayout>
    </Show>
  );
}

/** A tenant's refunds across its invoices, newest first. */
export function RefundList() {
  return (
    <TenantRecordList title="Refunds" what="refunds">
      <TextField source="refundNumber" label="Number" sortable={false} />
      <InvoiceField label="Invoice" sortable={false} />
      <NumberField source="amount" label="Amount" sortable={false} />
      <TextField source="reason" label="Reason" sortable={false} />
      <TextField source="method" label="Method" emptyText="—" sortable={false} />
      <DateField source="createdAt" label="Refunded" showTime sortable={false} />
    </TenantRecordList>
  );
}

export function RefundShow() {
  return (
    <Show title="Refund">
      <SimpleShowLayout>
        <TextField source="refundNumber" label="Number" />
        <InvoiceField label="Invoice" />
        <NumberField source="amount" label="Amount" />
        <TextField source="reason" label="Reason" />
        <TextField source="method" label="Method" emptyText="—" />
        <TextField source="status" label="Status" />
        <DateField source="createdAt" label="Refunded" showTime />
      </SimpleShowLayout>
    </Show>
  );
}

/** A tenant's credit or debit notes, newest first (`numberField` names the kind's number). */
function NoteList({ title, numberField }: { title: string; numberField: string }) {
  return (
    <TenantRecordList title={title} what={title.toLowerCase()}>
      <TextField source={numberField} label="Number" sortable={false} />
      <InvoiceField label="Invoice" sortable={false} />
      <TextField source="status" label="Status" sortable={false} />
      <NumberField source="amount" label="Amount" sortable={false} />
      <TextField source="reason" label="Reason" sortable={false} />
      <DateField source="createdAt" label="Created" showTime sortable={false} />
    </TenantRecordList>
  );
}

function NoteShow({ title, numberField }: { title: string; numberField: string }) {
  return (
    <Show title={title}>
      <SimpleShowLayout>
        <TextField source={numberField} label="Number" />
        <InvoiceField label="Invoice" />
        <TextField source="status" label="Status" />
        <NumberField source="amount" label="Amount (gross)" />
        <NumberField source="taxAmount" label="Tax" />
        <TextField source="reason" label="Reason" />
        <TextField source="approvedBy" label="Approved by" emptyText="—" />
        <TextField source="voidedBy" label="Voided by" emptyText="—" />
        <TextField source="voidReason" label="Void reason" emptyText="—" />
        <DateField source="createdAt" label="Created" showTime />
      </SimpleShowLayout>
    </Show>
  );
}

export const CreditNoteList = () => <NoteList title="Credit notes" numberField="creditNoteNumber" />;
export const DebitNoteList = () => <NoteList title="Debit notes" numberField="debitNoteNumber" />;
export const CreditNoteShow = () => <NoteShow title="Credit note" numberField="creditNoteNumber" />;
export const DebitNoteShow = () => <NoteShow title="Debit note" numberField="debitNoteNumber" />;
