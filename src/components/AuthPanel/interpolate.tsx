import { Fragment, type ReactNode } from 'react';

/**
 * Fills `{name}` placeholders with elements, so a translated sentence can wrap a `<code>` command
 * without being cut into fragments that translators cannot reorder.
 */
export function interpolate(template: string, values: Record<string, ReactNode>): ReactNode {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={index}>{key !== undefined && key in values ? values[key] : part}</Fragment>;
  });
}
