/**
 * Plan operations by id (`plan_update`, `plan_removed`), as v1 defines them behind
 * `clientCapabilities.plan` and v2 defines them outright: one shape for both versions. A
 * `plan_update` carries one plan: a checklist (`items`), a Markdown document (`markdown`, with an
 * optional absolute `path` where the agent keeps it) or a file (`file`, a `uri` shown, never
 * fetched). The SDK's schema names the id `planId`, the plan-operations RFD `id`: `planId` is read
 * first, then `id`.
 */
import { isRecord, isString, validItems } from '../guards.js';
import { metaOf, unsupported, type ParsedUpdate } from './parsed-update.js';
import { isPlanEntry } from './readers.js';
import type { PlanState } from '../types.js';

/** A POSIX absolute path, or a Windows one with its drive letter. */
const ABSOLUTE_PATH = /^(?:\/|[A-Za-z]:[\\/])/;

export function parsePlanUpdate(raw: Record<string, unknown>): ParsedUpdate {
  const kind = 'plan_update';
  const plan = raw.plan;
  if (!isRecord(plan)) return unsupported(kind, 'The plan update has no plan object.', raw);
  const planId = planIdOf(plan);
  if (planId === null) return unsupported(kind, 'The plan has no plan id (planId or id, a non-empty string).', raw);
  const _meta = metaOf(plan._meta);
  let state: PlanState;
  switch (plan.type) {
    case 'items':
      if (!Array.isArray(plan.entries)) return unsupported(kind, `The items plan "${planId}" has no entries list.`, raw);
      state = { planId, type: 'items', entries: validItems(plan.entries, isPlanEntry), _meta };
      break;
    case 'markdown':
      if (!isString(plan.content)) return unsupported(kind, `The Markdown plan "${planId}" has no content.`, raw);
      state = { planId, type: 'markdown', content: plan.content, _meta };
      // Kept only when it can name a file: a relative path would be resolved against who knows what.
      if (isString(plan.path) && ABSOLUTE_PATH.test(plan.path)) state.path = plan.path;
      break;
    case 'file':
      if (!isString(plan.uri)) return unsupported(kind, `The file plan "${planId}" has no uri.`, raw);
      state = { planId, type: 'file', uri: plan.uri, _meta };
      break;
    default:
      return unsupported(kind, `Unknown plan type ${isString(plan.type) ? `"${plan.type}"` : '(none)'} for the plan "${planId}".`, raw);
  }
  return { kind: 'plan', plan: state };
}

export function parsePlanRemoved(raw: Record<string, unknown>): ParsedUpdate {
  const planId = planIdOf(raw);
  if (planId === null) return unsupported('plan_removed', 'The plan removal has no plan id (planId or id, a non-empty string).', raw);
  return { kind: 'plan_removed', planId };
}

function planIdOf(value: Record<string, unknown>): string | null {
  for (const id of [value.planId, value.id]) if (isString(id) && id !== '') return id;
  return null;
}
