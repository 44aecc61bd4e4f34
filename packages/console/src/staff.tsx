import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  EditButton,
  email,
  FunctionField,
  List,
  minLength,
  PasswordInput,
  ReferenceArrayInput,
  AutocompleteArrayInput,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';

const ROLES = ['VIEWER', 'APPROVER', 'ADMIN'].map((id) => ({ id, name: id }));

const scope = (r: RaRecord) =>
  r.tenantIds === null ? 'Every tenant' : `${(r.tenantIds as string[]).length} tenant(s)`;

export function StaffList() {
  return (
    <List perPage={25} title="Staff" storeKey={false} exporter={false}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="email" label="Email" sortable={false} />
        <TextField source="name" label="Name" sortable={false} />
        <TextField source="role" label="Role" sortable={false} />
        <FunctionField label="Tenants" render={scope} sortable={false} />
        <BooleanField source="active" label="Active" sortable={false} />
        <BooleanField source="totpEnabled" label="One-time codes" sortable={false} />
        <DateField source="createdAt" label="Created" sortable={false} />
        <EditButton />
      </Datagrid>
    </List>
  );
}

/** Empty tenant list: every tenant (`null`), which only an unscoped ADMIN may give. */
const scopeOf = (data: Record<string, unknown>) => {
  const ids = data.tenantIds as string[] | null | undefined;
  return { ...data, tenantIds: ids && ids.length > 0 ? ids : null };
};

function TenantsInput() {
  return (
    <ReferenceArrayInput source="tenantIds" reference="tenants">
      <AutocompleteArrayInput
        label="Tenants"
        optionText="name"
        helperText="Empty: every tenant"
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceArrayInput>
  );
}

export function StaffCreate() {
  return (
    <Create title="New staff member" redirect="list" transform={scopeOf}>
      <SimpleForm>
        <TextInput source="email" label="Email" type="email" validate={[required(), email()]} />
        <TextInput source="name" label="Name" validate={required()} />
        <SelectInput source="role" label="Role" choices={ROLES} validate={required()} />
        <TenantsInput />
        <PasswordInput
          source="password"
          label="Password"
          validate={[required(), minLength(12)]}
          helperText="12 to 128 characters"
        />
      </SimpleForm>
    </Create>
  );
}

export function StaffEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={scopeOf}>
      <SimpleForm>
        <TextField source="email" label="Email" />
        <TextInput source="name" label="Name" validate={required()} />
        <SelectInput source="role" label="Role" choices={ROLES} validate={required()} />
        <TenantsInput />
        <BooleanInput source="active" label="Active" />
      </SimpleForm>
    </Edit>
  );
}
