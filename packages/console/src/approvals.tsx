import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  TextField as TextCell,
  TextInput,
  useCanAccess,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useUnselectAll,
  WrapperField,
} from 'react-admin';
import { AdjustmentItems, ItemsButton } from './adjustments';
import type { ApprovalType, ConsoleDataProvider } from './dataProvider';

export interface ApprovalItem {
  id: string;
  type: ApprovalType;
  tenantId: string;
  tenantName: string;
  number: string;
  createdAt: string;
  summary: string;
}

const TYPE_LABEL: Record<ApprovalType, string> = {
  ADJUSTMENT: 'Stock adjustment',
  INVOICE: 'Invoice',
  CREDIT_NOTE: 'Credit note',
  DEBIT_NOTE: 'Debit note',
};

const filters = [
  <SelectInput
    key="type"
    source="type"
    label="Type"
    choices={Object.entries(TYPE_LABEL).map(([id, name]) => ({ id, name }))}
    alwaysOn
  />,
  <TextInput key="tenantId" source="tenantId" label="Tenant id" />,
];

function useDecisions() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return { dataProvider, notify, refresh };
}

/** `Approve` (every type) and `Reject` with a reason (adjustments): only for APPROVERs and ADMINs. */
function DecisionButtons() {
  const record = useRecordContext<ApprovalItem>();
  const { canAccess } = useCanAccess({ resource: 'approvals', action: 'approve' });
  const { dataProvider, notify, refresh } = useDecisions();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (!record || !canAccess) return null;

  const label = `${TYPE_LABEL[record.type]} ${record.number}`;
  async function decide(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="contained"
        disabled={busy}
        aria-label={`Approve ${label}`}
        onClick={() => decide(() => dataProvider.approve(record.type, record.id), `${label} approved`)}
      >
        Approve
      </Button>
      {record.type === 'ADJUSTMENT' && (
        <Button
          size="small"
          color="error"
          variant="outlined"
          disabled={busy}
          aria-label={`Reject ${label}`}
          onClick={() => setRejecting(true)}
        >
          Reject
        </Button>
      )}
      <Dialog open={rejecting} onClose={() => setRejecting(false)} aria-labelledby="reject-title">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setRejecting(false);
            void decide(() => dataProvider.reject(record.id, reason.trim()), `${label} rejected`);
          }}
        >
          <DialogTitle id="reject-title">Reject {label}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRejecting(false)}>Cancel</Button>
            <Button type="submit" color="error" variant="contained" disabled={reason.trim() === ''}>
              Reject
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}

/** Approves every selected item, one after another, and says how many went through. */
function BulkApprove() {
  const { selectedIds, data, resource } = useListContext<ApprovalItem>();
  const unselectAll = useUnselectAll(resource);
  const { dataProvider, notify, refresh } = useDecisions();
  const [busy, setBusy] = useState(false);

  async function approveAll() {
    setBusy(true);
    const chosen = (data ?? []).filter((item) => selectedIds.includes(item.id));
    const failures: string[] = [];
    for (const item of chosen) {
      try {
        await dataProvider.approve(item.type, item.id);
      } catch (error) {
        failures.push(`${item.number}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    setBusy(false);
    unselectAll();
    refresh();
    if (failures.length === 0) notify(`${chosen.length} approved`, { type: 'success' });
    else notify(`${chosen.length - failures.length} approved; ${failures.join('; ')}`, { type: 'warning' });
  }

  return (
    <Button size="small" variant="contained" disabled={busy} onClick={approveAll}>
      {busy ? 'Approving…' : 'Approve selected'}
    </Button>
  );
}

/** The approvals inbox: everything waiting for a decision in the caller's tenants, oldest first. */
export function ApprovalList() {
  const { canAccess: canDecide } = useCanAccess({ resource: 'approvals', action: 'approve' });
  return (
    <List filters={filters} perPage={25} title="Approvals" empty={false} storeKey={false} exporter={false}>
      <Datagrid
        bulkActionButtons={canDecide ? <BulkApprove /> : false}
        rowClick={false}
        expand={<AdjustmentItems />}
        isRowExpandable={(r: ApprovalItem) => r.type === 'ADJUSTMENT'}
      >
        <FunctionField label="Type" sortable={false} render={(r: ApprovalItem) => TYPE_LABEL[r.type]} />
        <TextCell source="number" label="Number" sortable={false} />
        <TextCell source="tenantName" label="Tenant" sortable={false} />
        <TextCell source="summary" label="Summary" sortable={false} />
        <WrapperField label="Items" sortable={false}>
          <ItemsButton />
        </WrapperField>
        <DateField source="createdAt" label="Created" showTime sortable={false} />
        {canDecide ? (
          <WrapperField label="Decision" sortable={false}>
            <DecisionButtons />
          </WrapperField>
        ) : null}
      </Datagrid>
    </List>
  );
}
