import {
  Datagrid,
  DateField,
  DateTimeInput,
  FunctionField,
  List,
  NumberField,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';

const filters = [
  <TextInput key="action" source="action" label="Action" alwaysOn />,
  <TextInput key="actor" source="actor" label="Actor" />,
  <TextInput key="tenantId" source="tenantId" label="Tenant id" />,
  <TextInput key="targetId" source="targetId" label="Target id" />,
  <DateTimeInput key="from" source="from" label="From" />,
  <DateTimeInput key="to" source="to" label="To" />,
];

/** The audit log (ADMIN): newest first, filtered on the server. */
export function AuditList() {
  return (
    <List filters={filters} perPage={25} title="Audit log" storeKey={false} exporter={false}>
      <Datagrid rowClick="expand" bulkActionButtons={false} expand={<Changes />}>
        <NumberField source="seq" label="Seq" sortable={false} />
        <DateField source="at" label="At" showTime sortable={false} />
        <FunctionField label="Actor" sortable={false} render={(r: RaRecord) => r.actor?.email ?? r.actor?.type} />
        <TextField source="action" label="Action" sortable={false} />
        <TextField source="targetType" label="Target" emptyText="—" sortable={false} />
        <TextField source="targetId" label="Target id" emptyText="—" sortable={false} />
        <TextField source="ip" label="Address" emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}

function Changes() {
  return (
    <FunctionField
      render={(r: RaRecord) => (
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(r.changes, null, 2)}</pre>
      )}
    />
  );
}
