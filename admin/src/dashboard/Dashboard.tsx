import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity } from 'react-admin';

export const Dashboard = () => {
  const { identity } = useGetIdentity();

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Dashboard
        </Typography>
        <Typography color="text.secondary">
          {identity ? `Signed in as ${identity.fullName}.` : 'Welcome to the back office.'}
        </Typography>
      </CardContent>
    </Card>
  );
};
