import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AcpClient, AcpClientOptions } from '../core/index.js';
import { createClient } from '../core/client/create-client.js';
import { AcpUiProvider, type MessageOverrides } from '../i18n/index.js';
import { BUNDLED } from './connection-modules.js';
import { AcpContext, type AcpContextValue } from './context.js';
import { createDraftStore } from './drafts.js';

export interface AcpProviderProps {
  /** An existing client (the host owns its lifetime), or... */
  client?: AcpClient;
  /** ...options to create one for this provider (created once, disposed on unmount). */
  options?: AcpClientOptions;
  /** Connect on mount. Default true. */
  autoConnect?: boolean;
  /** react-query client for request-shaped data (the session list); one is made on first use when omitted. */
  queryClient?: QueryClient;
  /** UI strings overrides, by component namespace. */
  messages?: MessageOverrides;
  /** Locale for numbers, dates and currency. */
  locale?: string;
  children?: ReactNode;
}

/**
 * Owns one ACP client and everything that belongs to it. Nothing is module-level: two providers
 * on one page (two notebook cells) share no state at all.
 */
export function AcpProvider({ client: given, options, autoConnect = true, queryClient, messages, locale, children }: AcpProviderProps) {
  const instanceId = useId();
  const [owned] = useState(() => (given ? null : createOwnedClient(options)));
  const client = given ?? owned!;
  // Filled by `useSessionList` on first use when the host passes no `queryClient`.
  const [made] = useState<AcpContextValue['made']>(() => ({}));
  const [drafts] = useState(createDraftStore);
  const [value, setValue] = useState<AcpContextValue>(() => ({ client, queryClient, made, drafts, instanceId }));
  if (value.client !== client || value.queryClient !== queryClient) {
    setValue({ client, queryClient, made, drafts, instanceId });
  }

  const mounts = useRef(0);
  useEffect(() => {
    mounts.current++;
    if (autoConnect) {
      client.connect().catch(() => {
        // The failure is in the snapshot (`status: 'error'`, `error`); the UI shows it.
      });
    }
    return () => {
      mounts.current--;
      if (!owned) return;
      // Deferred, so StrictMode's unmount-and-remount keeps the connection instead of tearing
      // it down and racing a new one.
      setTimeout(() => {
        // eslint-disable-next-line react-hooks/exhaustive-deps -- a mount counter, not a DOM node: the latest count is the point
        if (mounts.current === 0) owned.dispose();
      }, 0);
    };
  }, [client, autoConnect, owned]);

  return (
    <AcpContext.Provider value={value}>
      <AcpUiProvider messages={messages} locale={locale}>
        {children}
      </AcpUiProvider>
    </AcpContext.Provider>
  );
}

function createOwnedClient(options: AcpClientOptions | undefined): AcpClient {
  if (!options) throw new Error('<AcpProvider> needs either a `client` or `options`.');
  // `createAcpClient`, with the modules every connection needs at once already in the bundle.
  return createClient(options, BUNDLED);
}
