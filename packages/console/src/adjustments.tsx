import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useExpanded, useRecordContext, useResourceContext } from 'react-admin';
import { messageOf, useAdminRead } from './reads';

/** `GET /stock-adjustments/:id`: the request with its items as the products and stock are now. */
interface AdjustmentDetail {
  id: string;
  clientName: string;
  warehouseId: string;
  reason: string;
  items: {
    productId: string;
    productName: string;
    sku: string;
    quantity: number;
    type: string;
    onHand: number;
    available: number;
  }[];
}

/** An adjustment's items, opened under its row in the inbox: product, quantity, and the stock now. */
export function AdjustmentItems() {
  const record = useRecordContext();
  const id = String(record?.id ?? '');
  const { data, error } = useAdminRead<AdjustmentDetail>(
    ['stock-adjustment', id],
    `/stock-adjustments/${encodeURIComponent(id)}`,
    id !== '',
  );
  if (error) return <Alert severity="error">{messageOf(error)}</Alert>;
  if (!data) return <Typography variant="body2">Loading the items…</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Asked by {data.clientName} · warehouse {data.warehouseId} · {data.reason}
      </Typography>
      <Table size="small" aria-label={`Items of ${String(record?.number ?? 'the adjustment')}`}>
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell>SKU</TableCell>
            <TableCell>Type</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">On hand</TableCell>
            <TableCell align="right">Available</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.items.map((item, i) => (
            <TableRow key={`${item.productId}-${i}`}>
              <TableCell>{item.productName}</TableCell>
              <TableCell>{item.sku}</TableCell>
              <TableCell>{item.type}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">{item.onHand}</TableCell>
              <TableCell align="right">{item.available}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Opens and closes an adjustment's items under its row: a labelled button in the tab order (the
 * list's own expand icon is hidden from keyboards and screen readers).
 */
export function ItemsButton() {
  const record = useRecordContext();
  const resource = useResourceContext() ?? 'approvals';
  const [expanded, toggle] = useExpanded(resource, record?.id ?? '');
  if (!record || record.type !== 'ADJUSTMENT') return null;
  return (
    <Button
      size="small"
      aria-expanded={expanded}
      aria-label={`${expanded ? 'Hide' : 'Show'} items of ${String(record.number)}`}
      onClick={(e) => {
        e.stopPropagation();
        toggle();
      }}
    >
      {expanded ? 'Hide items' : 'Items'}
    </Button>
  );
}
