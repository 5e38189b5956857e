import { useId, type Ref } from 'react';
import type { PermissionRequestState } from '../../core/types.js';
import { cx, useMessages } from '../shared/index.js';
import { permissionMessages } from './messages.js';
import { PermissionHeader } from './PermissionHeader.js';
import { toolCallInfo } from './tool-call-info.js';

interface PermissionPlaceholderProps {
  request: PermissionRequestState;
  className?: string;
  forwardedRef?: Ref<HTMLDivElement>;
}

/**
 * A permission prompt waiting for its turn to mount (see `shared/use-mount-in-slices.ts`: an
 * agent may ask a hundred permissions at once): its title in a frame of its size.
 */
export function PermissionPlaceholder({ request, className, forwardedRef }: PermissionPlaceholderProps) {
  const messages = useMessages('permission', permissionMessages);
  const id = useId();
  return (
    <div
      className={cx('acp-permission', className)}
      data-slot="permission"
      data-status={request.status}
      data-mounting="true"
      aria-busy="true"
      ref={forwardedRef}
    >
      <PermissionHeader titleId={`${id}-title`} toolTitle={toolCallInfo(request.toolCall).title} messages={messages} />
    </div>
  );
}
