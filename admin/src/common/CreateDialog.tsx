import AddIcon from '@mui/icons-material/Add';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type ReactNode } from 'react';
import { CreateBase, Form, type CreateBaseProps, type ValidateForm } from 'react-admin';
import { SubmitButton } from './SubmitButton';
import { errorMessage, useToast } from './toast';

export interface CreateDialogProps {
  resource: string;
  /** The button that opens the dialog, and the dialog's own submit button. */
  label: string;
  /** The opening button's look (a list toolbar's small text button by default). */
  buttonProps?: Pick<ButtonProps, 'variant' | 'size'>;
  /** The dialog's name, its title. */
  title: string;
  /** A line under the title saying what the form does. */
  description?: string;
  validate: ValidateForm;
  /** The request's body, from values that passed `validate`. */
  transform: CreateBaseProps['transform'];
  /** The toast once created: a title and an optional line. */
  created: [title: string, description?: string];
  /** The toast's line when the server gives no reason for a refusal. */
  failed: string;
  /** Called once created and closed (the list's refresh). */
  onCreated: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A record created in a dialog: the button that opens it, react-admin's CreateBase and Form (checked with
 * `validate`, an untouched form answered with its errors), Cancel and submit, and a toast either way. The form
 * is mounted while open only, so each opening starts empty.
 */
export const CreateDialog = ({
  resource,
  label,
  buttonProps = { size: 'small' },
  title,
  description,
  validate,
  transform,
  created,
  failed,
  onCreated,
  children,
}: CreateDialogProps) => {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const titleId = useId();
  const close = () => setOpen(false);

  return (
    <>
      <Button {...buttonProps} startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <CreateBase
          resource={resource}
          mutationMode="pessimistic"
          transform={transform}
          mutationOptions={{
            onSuccess: () => {
              toast(...created);
              close();
              onCreated();
            },
            onError: (error) => toast('Creation failed', errorMessage(error, failed), 'error'),
          }}
        >
          <Form validate={validate} noValidate disableInvalidFormNotification>
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>
              {description ? <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText> : null}
              <Stack spacing={2} sx={{ pt: description ? 0 : 1 }}>
                {children}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>Cancel</Button>
              <SubmitButton label={label} />
            </DialogActions>
          </Form>
        </CreateBase>
      </Dialog>
    </>
  );
};
