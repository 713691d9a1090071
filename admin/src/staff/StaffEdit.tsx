import { Edit, useRecordContext } from 'react-admin';
import { StaffForm } from './StaffForm';
import type { StaffMember } from './types';

/** The form once the member has loaded: its save compares with the record as loaded. */
const EditForm = () => {
  const record = useRecordContext<StaffMember>();
  return record ? <StaffForm record={record} /> : null;
};

export const StaffEdit = () => (
  <Edit title="Edit Staff Member" mutationMode="pessimistic">
    <EditForm />
  </Edit>
);
