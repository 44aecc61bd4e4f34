import { Admin, defaultTheme, Resource, type RaThemeOptions } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { ApprovalList } from './approvals';
import { AuditList } from './audit';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { DeliveryList } from './deliveries';
import { IntegrationCreate, IntegrationEdit, IntegrationList } from './integrations';
import { LoginPage } from './LoginPage';
import { CustomerList, InvoiceList, ProductList } from './records';
import { StaffCreate, StaffEdit, StaffList } from './staff';
import { TenantList, TenantShow } from './tenants';

/** The system's own fonts: nothing is loaded from elsewhere (the CSP allows fonts from this origin only). */
const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';

/**
 * On a narrow screen a wide list scrolls sideways inside its card instead of widening the page:
 * the layout and its content column may be narrower than a table (react-admin's layout is at least
 * as wide as its content otherwise), and the table scrolls.
 */
const components = {
  ...defaultTheme.components,
  RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
  RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
  RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
} as RaThemeOptions['components'];

const theme: RaThemeOptions = {
  ...defaultTheme,
  typography: { ...defaultTheme.typography, fontFamily: SYSTEM_FONTS },
  components,
};

/** The back-office console: react-admin on the admin API, served at /console. */
export function App() {
  return (
    <BrowserRouter basename="/console">
      <Admin
        title="Back office"
        authProvider={authProvider}
        dataProvider={dataProvider}
        loginPage={LoginPage}
        theme={theme}
        requireAuth
        disableTelemetry
      >
        <Resource name="approvals" options={{ label: 'Approvals' }} list={ApprovalList} />
        <Resource
          name="tenants"
          options={{ label: 'Tenants' }}
          list={TenantList}
          show={TenantShow}
          recordRepresentation="name"
        />
        <Resource
          name="integrations"
          options={{ label: 'Integrations' }}
          list={IntegrationList}
          create={IntegrationCreate}
          edit={IntegrationEdit}
          recordRepresentation="clientName"
        />
        <Resource name="products" options={{ label: 'Products' }} list={ProductList} recordRepresentation="name" />
        <Resource name="customers" options={{ label: 'Customers' }} list={CustomerList} recordRepresentation="name" />
        <Resource
          name="invoices"
          options={{ label: 'Invoices' }}
          list={InvoiceList}
          recordRepresentation="billNumber"
        />
        <Resource name="deliveries" options={{ label: 'Deliveries' }} list={DeliveryList} />
        <Resource name="audit" options={{ label: 'Audit log' }} list={AuditList} />
        <Resource
          name="staff"
          options={{ label: 'Staff' }}
          list={StaffList}
          create={StaffCreate}
          edit={StaffEdit}
          recordRepresentation="email"
        />
      </Admin>
    </BrowserRouter>
  );
}
