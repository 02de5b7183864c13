import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Third-party sign-in callback: hands the query back to the window that opened it and closes, or
 * continues to /login in this window.
 */
export default function AuthRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const query = window.location.search;
    const opener = window.opener as Window | null;
    if (opener && opener.location.origin === window.location.origin) {
      opener.location.href = `${window.location.origin}/login${query}`;
      window.close();
      return;
    }
    navigate(`/login${query}`, { replace: true });
  }, [navigate]);
  return null;
}
