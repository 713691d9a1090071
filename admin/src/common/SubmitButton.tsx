import Button from '@mui/material/Button';
import { useSaveContext } from 'react-admin';

/**
 * The submit button of a create dialog's react-admin form: disabled only while saving. (react-admin's
 * SaveButton also waits for a change, but these dialogs answer an untouched form with its errors.)
 */
export const SubmitButton = ({ label }: { label: string }) => {
  const { saving } = useSaveContext();
  return (
    <Button type="submit" variant="contained" disabled={saving}>
      {label}
    </Button>
  );
};
