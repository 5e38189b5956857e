/**
 * A tool call's `diff` content in either protocol version. v1: `{ path, oldText?, newText }` (the
 * two texts). v2 (schema `Diff`): `{ changes: [{ operation, path, oldPath?, fileType?, mimeType? }],
 * patch?: { format: 'git_patch', text } }`: `changes` is authoritative for which files changed and
 * how, the patch (one for all of them) carries the lines. The snapshot keeps content as the agent
 * sent it, so both shapes are read here, leniently: an entry that is not a change is skipped.
 */
import { changeInfo, type DiffChangeInfo, type V2DiffContent } from './diff-shape.js';
import { gitPatchSteps, type GitPatch, type GitPatchFile } from './git-patch.js';
import { startSlice, yieldToMain } from '../slices.js';

/** A changed file of a v2 diff and its part of the patch (null: the patch does not cover it, or there is none). */
export interface V2DiffFile {
  change: DiffChangeInfo;
  patch: GitPatchFile | null;
}

export interface V2DiffView {
  files: V2DiffFile[];
  /** Why the patch could not be read as a whole (an unknown format, text outside any file); null when it could. */
  error: string | null;
}

/** Patch text that is worth reading off the main path (the size `Diff` defers its own work at). */
export const LARGE_PATCH_CHARS = 200_000;

const views = /* @__PURE__ */ new WeakMap<object, V2DiffView>();

/** The diff's files, reading its patch once per content object (the card and the review share it). */
export function readV2Diff(content: V2DiffContent): V2DiffView {
  let view = views.get(content);
  if (!view) {
    const steps = v2DiffSteps(content);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) {
        view = step.value;
        break;
      }
    }
    views.set(content, view);
  }
  return view;
}

/** `readV2Diff` in slices of main-thread time (`core/slices.ts`), for a patch of any size. */
export async function readV2DiffInSlices(content: V2DiffContent, signal?: AbortSignal): Promise<V2DiffView | null> {
  const cached = views.get(content);
  if (cached) return cached;
  const steps = v2DiffSteps(content);
  let slice = startSlice();
  for (;;) {
    const step = steps.next();
    if (step.done) {
      views.set(content, step.value);
      return step.value;
    }
    if (!slice.spent()) continue;
    await yieldToMain();
    if (signal?.aborted) return null;
    slice = startSlice();
  }
}

function* v2DiffSteps(content: V2DiffContent): Generator<void, V2DiffView> {
  const changes = content.changes.flatMap(changeInfo);
  const patch = content.patch;
  let parsed: GitPatch = { files: [], error: null };
  let error: string | null = null;
  if (patch && typeof patch.text === 'string') {
    if (patch.format === 'git_patch') parsed = yield* gitPatchSteps(patch.text);
    else error = `Patch format ${JSON.stringify(patch.format)} is not supported; only "git_patch" is read.`;
  }
  // By path, in patch order: a change takes the first section of its path not taken yet.
  const byPath = new Map<string, GitPatchFile[]>();
  for (const file of parsed.files) byPath.set(file.path, [...(byPath.get(file.path) ?? []), file]);
  const unmatched = new Set(parsed.files);
  const files: V2DiffFile[] = changes.map((change) => {
    const found = byPath.get(change.path)?.shift() ?? null;
    if (found) unmatched.delete(found);
    return { change, patch: found };
  });
  // A file the patch covers but `changes` forgot is still shown: nothing the agent sent is lost.
  for (const file of unmatched) {
    files.push({ change: { operation: file.operation, path: file.path, oldPath: file.oldPath, fileType: null, mimeType: null }, patch: file });
  }
  return { files, error: error ?? parsed.error };
}
