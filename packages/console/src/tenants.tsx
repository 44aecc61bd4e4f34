import { lazy, Suspense } from 'react';
import {
  ArrayField,
  BooleanField,
  Button,
  Datagrid,
  DateField,
  List,
  SearchInput,
  Show,
  Tab,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useCreatePath,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { TENANT_RECORDS } from './records';

/** The usage tab and its chart library load when the tab is opened. */
const TenantUsage = lazy(() => import('./usage').then((m) => ({ default: m.TenantUsage })));

const tenantFilters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search by name" />];

export function TenantList() {
  return (
    <List filters={tenantFilters} perPage={25} title="Tenants" storeKey={false} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" label="Name" sortable={false} />
        <BooleanField source="pricesIncludeTax" label="Prices include tax" sortable={false} />
        <DateField source="createdAt" label="Created" sortable={false} />
      </Datagrid>
    </List>
  );
}

function TenantActions() {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  const filter = `?filter=${encodeURIComponent(JSON.stringify({ tenantId: record.id }))}`;
  const listOf = (resource: string) => `${createPath({ resource, type: 'list' })}${filter}`;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {TENANT_RECORDS.map(([resource, label]) => (
        <Button key={resource} component={Link} to={listOf(resource)} label={label} />
      ))}
      <Button component={Link} to={listOf('integrations')} label="Integrations" />
    </TopToolbar>
  );
}

/**
 * A tenant's set-up: branches, fiscal years, warehouses and integrations (`GET /tenants/:tenantId`),
 * and its plan, this month's usage and its requests per day.
 */
export function TenantShow() {
  return (
    <Show actions={<TenantActions />}>
      <TabbedShowLayout>
        <Tab label="Summary">
          <TextField source="name" label="Name" />
          <TextField source="id" label="Id" />
          <BooleanField source="pricesIncludeTax" label="Prices include tax" />
          <DateField source="createdAt" label="Created" showTime />
        </Tab>
        <Tab label="Usage" path="usage">
          <Suspense fallback={<p>Loading…</p>}>
            <TenantUsage />
          </Suspense>
        </Tab>
        <Tab label="Branches" path="branches">
          <ArrayField source="branches" label={false}>
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <TextField source="code" label="Code" sortable={false} />
              <TextField source="name" label="Name" sortable={false} />
              <TextField source="id" label="Id" sortable={false} />
            </Datagrid>
          </ArrayField>
        </Tab>
        <Tab label="Fiscal years" path="fiscal-years">
          <ArrayField source="fiscalYears" label={false}>
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <TextField source="code" label="Code" sortable={false} />
              <TextField source="startsOn" label="Starts on" sortable={false} />
              <TextField source="endsOn" label="Ends on" sortable={false} />
            </Datagrid>
          </ArrayField>
        </Tab>
        <Tab label="Warehouses" path="warehouses">
          <ArrayField source="warehouses" label={false}>
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <TextField source="name" label="Name" sortable={false} />
              <TextField source="branchId" label="Branch" sortable={false} />
              <TextField source="id" label="Id" sortable={false} />
            </Datagrid>
          </ArrayField>
        </Tab>
        <Tab label="Integrations" path="integrations">
          <ArrayField source="integrations" label={false}>
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <TextField source="clientName" label="Client name" sortable={false} />
              <TextField source="role" label="Role" sortable={false} />
              <TextField source="clientId" label="Client id" sortable={false} />
              <BooleanField source="active" label="Active" sortable={false} />
              <TextField source="webhookUrl" label="Webhook URL" emptyText="—" sortable={false} />
            </Datagrid>
          </ArrayField>
        </Tab>
      </TabbedShowLayout>
    </Show>
  );
}
