/**
 * The agent's extension requests and notifications, answered by a component while it is mounted:
 * thin wrappers over `client.onExtMethod` / `client.onExtNotification`. The handler may change on
 * every render; the registration follows the latest one without re-registering.
 */
import { useEffect, useRef } from 'react';
import type { ExtMethodHandler, ExtNotificationHandler } from '../core/index.js';
import { useAcpContext } from './context.js';

/** Answers the agent's extension request `method` (`_vendor/…`) while the component is mounted. */
export function useExtMethod(method: string, handler: ExtMethodHandler): void {
  const { client } = useAcpContext();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.onExtMethod(method, (params, context) => latest.current(params, context)), [client, method]);
}

/** Receives the agent's extension notification `method` while the component is mounted. */
export function useExtNotification(method: string, handler: ExtNotificationHandler): void {
  const { client } = useAcpContext();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.onExtNotification(method, (params) => latest.current(params)), [client, method]);
}
