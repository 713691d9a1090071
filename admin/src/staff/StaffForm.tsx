import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { Form, Toolbar } from 'react-admin';
import { StaffInputs } from './StaffInputs';
import { useStaffSave } from './useStaffSave';
import type { StaffMember } from './types';

/**
 * The staff form, laid out as react-admin's SimpleForm, saved by `useStaffSave`. Without react-admin's "The
 * form is not valid" toast, which would replace ours saying what failed (SimpleForm cannot turn it off: it
 * hands the option to the page as an unknown attribute).
 */
export const StaffForm = ({ record }: { record?: StaffMember }) => {
  const save = useStaffSave(record);
  return (
    <Form onSubmit={save} disableInvalidFormNotification>
      {/* Room at the bottom on a phone, where the toolbar floats, as SimpleForm leaves. */}
      <CardContent sx={{ pb: { xs: '5em', sm: 2 } }}>
        <Stack sx={{ alignItems: 'flex-start' }}>
          <StaffInputs create={!record} />
        </Stack>
      </CardContent>
      <Toolbar />
    </Form>
  );
};
