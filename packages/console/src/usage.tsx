import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { UsageChart } from './charts';
import { messageOf, useAdminRead } from './reads';

/** `GET /tenants/:tenantId/usage`: this UTC month's calls under the tenant's plan. */
interface MonthUsage {
  month: string;
  tier: string;
  included: number | null;
  used: number;
  overageCalls: number;
  overageCharge: number;
  overagePricePerCall: number;
  overagePolicy: string;
  byIntegration: { integrationId: string; clientName: string; used: number }[];
}

interface TenantIntegration {
  id: string;
  clientName?: string;
}

/** The tenant's plan and this month's usage, per integration. */
function PlanAndMonth({ tenantId }: { tenantId: string }) {
  const { data, error } = useAdminRead<MonthUsage>(
    ['usage', tenantId],
    `/tenants/${encodeURIComponent(tenantId)}/usage`,
  );
  if (error) return <Alert severity="error">{messageOf(error)}</Alert>;
  if (!data) return <Typography variant="body2">Loading the plan…</Typography>;
  const included = data.included === null ? 'unlimited' : data.included.toLocaleString();
  return (
    <Box component="section" aria-labelledby="plan-title" sx={{ mb: 3 }}>
      <Typography component="h2" variant="subtitle1" id="plan-title" sx={{ fontWeight: 600 }}>
        Plan and usage, {data.month} (UTC)
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}>
        <dt>Plan</dt>
        <dd data-field="tier">{data.tier}</dd>
        <dt>Included calls</dt>
        <dd>{included}</dd>
        <dt>Used this month</dt>
        <dd data-field="used">{data.used.toLocaleString()}</dd>
        <dt>Overage</dt>
        <dd>
          {data.overageCalls.toLocaleString()} calls, {data.overageCharge.toFixed(2)} ({data.overagePolicy},{' '}
          {data.overagePricePerCall} a call)
        </dd>
      </Box>
      {data.byIntegration.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Usage this month by integration">
            <TableHead>
              <TableRow>
                <TableCell>Integration</TableCell>
                <TableCell align="right">Calls</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.byIntegration.map((row) => (
                <TableRow key={row.integrationId}>
                  <TableCell>{row.clientName}</TableCell>
                  <TableCell align="right">{row.used.toLocaleString()}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/** A tenant's usage tab: the plan, this month's calls, and the daily chart of the last 30 days. */
export function TenantUsage() {
  const record = useRecordContext();
  if (!record) return null;
  const tenantId = String(record.id);
  const integrations = ((record.integrations ?? []) as TenantIntegration[]).map((i) => ({
    id: String(i.id),
    clientName: i.clientName,
  }));
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <PlanAndMonth tenantId={tenantId} />
      <UsageChart tenantId={tenantId} integrations={integrations} />
    </Box>
  );
}
