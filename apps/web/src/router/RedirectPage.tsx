import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** `/redirect/<path>`: leaves at once for `<path>`, which therefore mounts afresh (tags view 刷新). */
export default function Redirect() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const target = `/${params['*'] ?? ''}${search}`;
  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);
  return null;
}
