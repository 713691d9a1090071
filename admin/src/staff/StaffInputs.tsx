import { PasswordInput, SelectInput, TextInput, email, required } from 'react-admin';

export const ROLE_CHOICES = [
  { id: 'admin', name: 'Admin' },
  { id: 'support', name: 'Support' },
];

/** Staff fields; the username is set once, at creation. */
export const StaffInputs = ({ create = false }: { create?: boolean }) => (
  <>
    {create ? (
      <TextInput source="username" label="Username" validate={required('Username is required')} />
    ) : null}
    <PasswordInput
      source="password"
      label={create ? 'Password' : 'New password'}
      validate={create ? required('Password is required') : undefined}
    />
    <SelectInput
      source="role"
      label="Role"
      choices={ROLE_CHOICES}
      validate={required()}
      defaultValue="support"
    />
    <TextInput
      source="email"
      label="E-mail (security notices)"
      type="email"
      validate={email('Enter an e-mail address')}
      helperText="Optional: where their password, role and two-factor changes are reported"
    />
  </>
);
