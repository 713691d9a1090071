import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Form, SaveButton, Toolbar, useRedirect } from 'react-admin';
import type { EnrolmentCode } from '../providers/dataProvider';
import { EnrolmentCodeShown } from './EnrolmentCodeShown';
import { StaffInputs } from './StaffInputs';
import { useStaffSave } from './useStaffSave';
import type { StaffMember } from './types';

/**
 * The staff form, laid out as react-admin's SimpleForm, saved by `useStaffSave`. Without react-admin's "The
 * form is not valid" toast, which would replace ours saying what failed (SimpleForm cannot turn it off: it
 * hands the option to the page as an unknown attribute).
 */
export const StaffForm = ({ record }: { record?: StaffMember }) => {
  const [shown, setShown] = useState<{ username: string; code: EnrolmentCode } | null>(null);
  const redirect = useRedirect();
  const save = useStaffSave(record, (username, code) => setShown({ username, code }));
  return (
    <>
      <Dialog open={shown !== null} aria-labelledby="enrolment-code-title">
        <DialogTitle id="enrolment-code-title">Enrolment code for {shown?.username}</DialogTitle>
        <DialogContent>{shown ? <EnrolmentCodeShown {...shown} /> : null}</DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => redirect('list', 'staff')}>
            I have noted it
          </Button>
        </DialogActions>
      </Dialog>
      <Form onSubmit={save} disableInvalidFormNotification>
        {/* Room at the bottom on a phone, where the toolbar floats, as SimpleForm leaves. */}
        <CardContent sx={{ pb: { xs: '5em', sm: 2 } }}>
          <Stack sx={{ alignItems: 'flex-start' }}>
            <StaffInputs create={!record} />
          </Stack>
        </CardContent>
        {/* Save only: an account is deactivated from the list, never deleted (its history stays). */}
        <Toolbar>
          <SaveButton />
        </Toolbar>
      </Form>
    </>
  );
};
