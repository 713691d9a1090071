import { useCallback, useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { httpClient } from '../providers/dataProvider';

/** A GET of the admin API outside react-admin's resources (the dashboard); a 401 signs out. */
export function useAdminGet<T>(path: string) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    httpClient(path, { headers: new Headers({ Accept: 'application/json', 'Cache-Control': 'no-cache' }) })
      .then(({ json }) => live && setState({ data: json as T, loading: false }))
      .catch((error: unknown) => {
        if (!live) return;
        setState({ error, loading: false });
        void logoutIfAccessDenied(error);
      });
    return () => {
      live = false;
    };
  }, [path, version, logoutIfAccessDenied]);

  const refetch = useCallback(() => {
    setState((current) => ({ ...current, loading: true }));
    setVersion((value) => value + 1);
  }, []);
  return { ...state, refetch };
}
