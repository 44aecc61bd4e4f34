import {
  Admin,
  AppBar,
  CustomRoutes,
  defaultTheme,
  Layout,
  Logout,
  Menu,
  MenuItemLink,
  Resource,
  UserMenu,
  type LayoutProps,
  type RaThemeOptions,
} from 'react-admin';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { BrowserRouter, Route } from 'react-router-dom';
import { AccountPage } from './account';
import { ApprovalList } from './approvals';
import { AuditList } from './audit';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { DeliveryList } from './deliveries';
import { IntegrationCreate, IntegrationEdit, IntegrationList } from './integrations';
import { LoginPage } from './LoginPage';
import {
  CreditNoteList,
  CreditNoteShow,
  DebitNoteList,
  DebitNoteShow,
  InvoiceList,
  InvoiceShow,
  PaymentList,
  PaymentShow,
  RefundList,
  RefundShow,
} from './billing';
import { ProductShow } from './product';
import { GoodsReceiptList, GoodsReceiptShow, PurchaseOrderList, PurchaseOrderShow } from './purchasing';
import { CustomerList, ProductList } from './records';
import { ShipmentList, ShipmentShow } from './shipments';
import { ReservationList, ReservationShow, TransferList, TransferShow } from './stock';
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

/** Every resource's menu item (those the role may list), then the member's own account. */
function ConsoleMenu() {
  return (
    <Menu>
      <Menu.ResourceItems />
      <Menu.Item to="/account" primaryText="My account" leftIcon={<AccountCircle />} />
    </Menu>
  );
}

/** The user menu: the member's own account, and signing out. */
function ConsoleUserMenu() {
  return (
    <UserMenu>
      <MenuItemLink to="/account" primaryText="My account" leftIcon={<AccountCircle />} />
      <Logout />
    </UserMenu>
  );
}

const ConsoleAppBar = () => <AppBar userMenu={<ConsoleUserMenu />} />;

function ConsoleLayout({ children }: LayoutProps) {
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar}>
      {children}
    </Layout>
  );
}

/**
 * A tenant's records: each list asks for a tenant (or is opened from the tenant's page), and
 * each record's page is at `/<resource>/<tenantId>:<id>/show`. The ledger has no page of its
 * own: the product's page lists it.
 */
const TENANT_RECORD_RESOURCES = (
  <>
    <Resource
      name="products"
      options={{ label: 'Products' }}
      list={ProductList}
      show={ProductShow}
      recordRepresentation="name"
    />
    <Resource name="customers" options={{ label: 'Customers' }} list={CustomerList} recordRepresentation="name" />
    <Resource
      name="reservations"
      options={{ label: 'Reservations' }}
      list={ReservationList}
      show={ReservationShow}
      recordRepresentation="reservationNumber"
    />
    <Resource
      name="transfers"
      options={{ label: 'Transfers' }}
      list={TransferList}
      show={TransferShow}
      recordRepresentation="transferNumber"
    />
    <Resource
      name="purchase-orders"
      options={{ label: 'Purchase orders' }}
      list={PurchaseOrderList}
      show={PurchaseOrderShow}
      recordRepresentation="poNumber"
    />
    <Resource
      name="goods-receipts"
      options={{ label: 'Goods receipts' }}
      list={GoodsReceiptList}
      show={GoodsReceiptShow}
      recordRepresentation="receiptNumber"
    />
    <Resource name="ledger" />
    <Resource
      name="invoices"
      options={{ label: 'Invoices' }}
      list={InvoiceList}
      show={InvoiceShow}
      recordRepresentation="billNumber"
    />
    <Resource
      name="payments"
      options={{ label: 'Payments' }}
      list={PaymentList}
      show={PaymentShow}
      recordRepresentation="paymentNumber"
    />
    <Resource
      name="refunds"
      options={{ label: 'Refunds' }}
      list={RefundList}
      show={RefundShow}
      recordRepresentation="refundNumber"
    />
    <Resource
      name="credit-notes"
      options={{ label: 'Credit notes' }}
      list={CreditNoteList}
      show={CreditNoteShow}
      recordRepresentation="creditNoteNumber"
    />
    <Resource
      name="debit-notes"
      options={{ label: 'Debit notes' }}
      list={DebitNoteList}
      show={DebitNoteShow}
      recordRepresentation="debitNoteNumber"
    />
    <Resource
      name="shipments"
      options={{ label: 'Shipments' }}
      list={ShipmentList}
      show={ShipmentShow}
      recordRepresentation="shipmentNumber"
    />
  </>
);

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
        layout={ConsoleLayout}
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
        {TENANT_RECORD_RESOURCES}
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
        <CustomRoutes>
          <Route path="/account" element={<AccountPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
