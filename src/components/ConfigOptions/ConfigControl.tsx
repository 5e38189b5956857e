/**
 * The frame every settings control shares (a `select` or `boolean` config option, the legacy mode
 * picker): the value shown at once and reconciled with the agent (`useOptimisticValue`), the
 * control's `data-state` (`pending|error|idle`), and why a change was reverted, announced once.
 */
import { forwardRef, useId, type ReactNode } from 'react';
import { cx, format } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { errorMessage } from './error-message.js';
import type { ConfigOptionsMessages } from './messages.js';
import { useOptimisticValue, type OptimisticValue } from './use-optimistic-value.js';

export interface ConfigControlState<T> extends OptimisticValue<T> {
  /** The id of the failure text while there is one, for the control's `aria-describedby`. */
  errorId: string | undefined;
  /** The id the failure text takes when it shows. */
  failureId: string;
}

/** A settings control's value, optimistic while the agent answers. */
export function useConfigControl<T>(actual: T, source: unknown, commit: (value: T) => unknown): ConfigControlState<T> {
  const state = useOptimisticValue(actual, source, commit);
  const failureId = useId();
  return { ...state, errorId: state.failure ? failureId : undefined, failureId };
}

type ConfigControlProps = RootProps<{
  control: Pick<ConfigControlState<unknown>, 'pending' | 'failure' | 'failureId'>;
  type: 'select' | 'boolean' | 'mode';
  /** The setting's name, for the failure text. */
  name: string;
  configId?: string;
  className?: string;
  messages: ConfigOptionsMessages;
  children: ReactNode;
}>;

/** The frame is the root of a standalone control (the mode picker): it takes the host's props and ref. */
export const ConfigControl = /* @__PURE__ */ forwardRef<HTMLDivElement, ConfigControlProps>(function ConfigControl(
  { control, type, name, configId, className, messages, children, ...rest },
  ref,
) {
  const { pending, failure } = control;
  return (
    <div
      data-slot="config-control"
      data-type={type}
      data-config-id={configId}
      data-state={pending ? 'pending' : failure ? 'error' : 'idle'}
      {...rest}
      ref={ref}
      className={cx('acp-config-control', type === 'mode' && 'acp-mode-selector', className)}
    >
      {children}
      {failure && (
        <p id={control.failureId} role="alert" className="acp-config-control__error" data-slot="config-control-error">
          {format(messages.set_failed, { name, message: errorMessage(failure.reason) ?? messages.unknown_error })}
        </p>
      )}
    </div>
  );
});
