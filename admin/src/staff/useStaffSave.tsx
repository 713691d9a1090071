import Box from '@mui/material/Box';
import { useCallback } from 'react';
import { useCreate, useRedirect, useUpdate } from 'react-admin';
import { errorMessages, useToast } from '../common/toast';
import { sortStaffErrors } from './serverErrors';
import type { EnrolmentCode } from '../providers/dataProvider';
import type { StaffMember } from './types';

interface StaffValues {
  username?: string;
  password?: string;
  role?: StaffMember['role'];
  email?: string | null;
}

/** `POST /api/admin/staff`'s answer: the member, and its enrolment code (shown once). */
type CreatedStaffMember = StaffMember & EnrolmentCode;

/**
 * The staff form's submit, creating a member or changing `record`: on success a toast saying what was done
 * and back to the list; on failure each of the server's messages on its field (returned to react-admin's
 * form, which sets them), and those about no field listed in the toast, one per line.
 */
export function useStaffSave(
  record?: StaffMember,
  /** A new member's enrolment code (STAFF_MFA_REQUIRED), to show before going back to the list. */
  onEnrolmentCode?: (username: string, code: EnrolmentCode) => void,
) {
  const [create] = useCreate<StaffMember>('staff', undefined, { returnPromise: true });
  const [update] = useUpdate<StaffMember>('staff', undefined, {
    mutationMode: 'pessimistic',
    returnPromise: true,
  });
  const toast = useToast();
  const redirect = useRedirect();

  return useCallback(
    async (values: StaffValues) => {
      try {
        if (record) {
          await update('staff', { id: record.id, data: values, previousData: record });
          toast('Staff member updated', `${record.username} signs in again with the change`);
        } else {
          // returnPromise: the created member (the type allows the void of the other mode).
          const created = (await create('staff', { data: values })) as CreatedStaffMember;
          toast('Staff member created', `${created.username} can sign in now`);
          if (created.enrolmentCode && onEnrolmentCode) {
            onEnrolmentCode(created.username, created);
            return undefined;
          }
        }
        redirect('list', 'staff');
        return undefined;
      } catch (error) {
        const { fields, others } = sortStaffErrors(
          errorMessages(
            error,
            record ? 'Failed to update the staff member' : 'Failed to create the staff member',
          ),
        );
        toast(
          record ? 'Staff member not updated' : 'Staff member not created',
          others.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {others.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          ) : (
            'See the messages under the fields'
          ),
          'error',
        );
        return fields;
      }
    },
    [create, update, record, toast, redirect, onEnrolmentCode],
  );
}
