import { format } from '../shared/index.js';
import { errorMessage } from './error-message.js';
import type { ConfigOptionsMessages } from './messages.js';

interface ControlErrorProps {
  id: string;
  name: string;
  failure: { reason: unknown };
  messages: ConfigOptionsMessages;
}

/** Why a change was reverted, announced once when it appears. */
export function ControlError({ id, name, failure, messages }: ControlErrorProps) {
  const message = errorMessage(failure.reason) ?? messages.unknown_error;
  return (
    <p id={id} role="alert" className="acp-config-control__error" data-slot="error">
      {format(messages.set_failed, { name, message })}
    </p>
  );
}
