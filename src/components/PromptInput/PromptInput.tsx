/**
 * The prompt composer: a growing textarea, attachments (paste, drop, picker) shaped by the
 * agent's `promptCapabilities`, slash-command completion, Stop while a turn runs, and a queue for
 * messages written meanwhile.
 *
 * With a `mentionSource`, `@` opens the host's items and a chosen one stays in the draft as an
 * atomic chip (the draft string carries it as `@[label](uri)` markup; see "Mentions" in the README).
 *
 * Presentational: `onSubmit` receives ready content blocks, `onCancel` asks to stop the turn.
 */
import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { DEFAULT_MENTION_LIMIT, draftPromptBlocks, type MentionNote } from '../../core/mentions/blocks.js';
import { draftDisplayText, draftMentions, parseDraft } from '../../core/mentions/draft.js';
import { applyFieldChange } from '../../core/mentions/draft-edit.js';
import type { MentionSource } from '../../core/mentions/types.js';
import type { AvailableCommand, ContentBlock, PromptCapabilities } from '../../core/types.js';
import { MentionControlsOnDemand, MentionNotesOnDemand, MentionOverlayOnDemand } from '../MentionMenu/MentionMenu.js';
import type { MentionFieldHandlers } from '../MentionMenu/MentionControls.js';
import { SlashCommandMenu, SlashCommandStatus, useSlashCommands } from '../SlashCommandMenu/index.js';
import { cx, useMessages } from '../shared/index.js';
import { useControllableState } from '../shared/use-controllable-state.js';
import { AttachmentChips } from './AttachmentChips.js';
import { isEmptyPrompt, promptBlocks } from './blocks.js';
import { promptInputMessages } from './messages.js';
import { prefetchPromptQueue, PromptQueueList } from './PromptQueueList.js';
import { RefusalNotice } from './RefusalNotice.js';
import type { PromptAttachment, QueuedPrompt } from './types.js';
import { useAttachments } from './use-attachments.js';
import { useAutosize } from './use-autosize.js';
import { usePromptQueue } from './use-prompt-queue.js';
import { composeHandlers, type RootProps } from '../shared/root-props.js';

/** @inline */
export interface PromptInputOwnProps {
  /**
   * Controlled draft text; pair with `onValueChange`. The host keeps it across session switches.
   * Mentions are part of it as `@[label](uri "kind")` markup (`parseDraft` reads it).
   */
  value?: string;
  /** Initial draft when uncontrolled. */
  defaultValue?: string;
  /** Every change of the draft, controlled or not. */
  onValueChange?: (text: string) => void;
  /** @deprecated Use `onValueChange` (the same callback under the name every component uses). */
  onDraftChange?: (text: string) => void;
  /**
   * A prompt to send now (never called while `running`: those prompts are queued). A host that
   * gives the text back when sending fails gets the draft with its mentions from `draftFromBlocks`.
   */
  onSubmit: (blocks: ContentBlock[]) => void;
  /** Stop the running turn. */
  onCancel: () => void;
  /** A turn is running: shows Stop, and new messages wait in the queue. */
  running: boolean;
  /**
   * The session is not ready for prompts yet (its history is loading): the draft can be written,
   * new messages wait in the queue, the input says why, and the first goes out once it is ready.
   */
  waiting?: boolean;
  disabled?: boolean;
  /** What the agent accepts besides text; images and embedded files depend on it. */
  promptCapabilities?: PromptCapabilities | null;
  /** The agent's slash commands; `/` at the start of the input opens them. */
  commands?: AvailableCommand[];
  /** Controlled queue of messages written while a turn runs. */
  queue?: QueuedPrompt[];
  defaultQueue?: QueuedPrompt[];
  onQueueChange?: (queue: QueuedPrompt[]) => void;
  placeholder?: string;
  /** Largest file whose content is attached (images, audio, embedded files). Default 10 MB. */
  maxAttachmentBytes?: number;
  autoFocus?: boolean;
  /**
   * The host's mentionable things: `@` at the start of a word opens them. Mentions are sent as
   * embedded resources when the agent advertises `embeddedContext`, as links otherwise.
   */
  mentionSource?: MentionSource;
  /** Largest mention content embedded; bigger ones go as a link, with a note. Default 100 kB. */
  maxMentionBytes?: number;
  /** The text field, for a host that moves focus to it (e.g. after adding a mention). */
  inputRef?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/** The prompt input's own props and the rest of its root `<div>`'s. */
export type PromptInputProps = RootProps<PromptInputOwnProps>;

const DEFAULT_MAX_BYTES = 10 * 1000 * 1000;

export const PromptInput = /* @__PURE__ */ forwardRef<HTMLDivElement, PromptInputProps>(function PromptInput(
  {
    value,
    defaultValue = '',
    onValueChange,
    onDraftChange,
    onSubmit,
    onCancel,
    running,
    waiting = false,
    disabled = false,
    promptCapabilities,
    commands,
    queue: queueProp,
    defaultQueue,
    onQueueChange,
    placeholder,
    maxAttachmentBytes = DEFAULT_MAX_BYTES,
    autoFocus,
    mentionSource,
    maxMentionBytes = DEFAULT_MENTION_LIMIT,
    inputRef,
    className,
    onDragOver: hostOnDragOver,
    onDragLeave: hostOnDragLeave,
    onDrop: hostOnDrop,
    ...rest
  },
  ref,
) {
  const messages = useMessages('promptInput', promptInputMessages);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const composing = useRef(false);
  const [dragging, setDragging] = useState(false);
  const [draft, setDraft] = useControllableState({
    value,
    defaultValue,
    onChange: onValueChange ?? onDraftChange,
  });
  // The handle is read after mount (focus), when the field exists.
  useImperativeHandle(inputRef, () => textareaRef.current as HTMLTextAreaElement, []);
  const files = useAttachments(promptCapabilities, maxAttachmentBytes);
  // With a source the field shows the draft's display text (mentions as `@label`); its edits go
  // through the on-demand mention part, which also owns the `@` menu's keys, ARIA and status.
  const display = useMemo(() => (mentionSource ? draftDisplayText(draft) : draft), [mentionSource, draft]);
  const mentionField = useRef<MentionFieldHandlers | null>(null);
  const [notes, setNotes] = useState<MentionNote[]>([]);
  useAutosize(textareaRef, draft);

  // Mentions are read when the prompt goes out (embedded context), so sending is asynchronous
  // for a draft with mentions; the draft is already cleared and the user types on meanwhile.
  const send = (text: string, attachments: readonly PromptAttachment[]) => {
    if (draftMentions(text).length === 0) {
      onSubmit(promptBlocks(text, attachments));
      return;
    }
    void draftPromptBlocks(text, promptBlocks('', attachments), mentionSource, { capabilities: promptCapabilities, limit: maxMentionBytes }).then((result) => {
      setNotes(result.notes);
      onSubmit(result.blocks);
    });
  };

  const queue = usePromptQueue({
    queue: queueProp,
    defaultQueue,
    onQueueChange,
    running,
    waiting,
    disabled,
    onSend: (prompt) => send(prompt.text, prompt.attachments),
    onCancel,
  });
  const slash = useSlashCommands({ value: draft, commands, onComplete: setDraft });
  const empty = isEmptyPrompt(draft, files.attachments);
  // While a turn runs (or the session loads), Enter queues the prompt: once the user writes one
  // meanwhile, fetch the queue list so it is there by then (a turn without typing fetches nothing).
  const queues = running || waiting;
  const composingDuringTurn = queues && !empty;
  useEffect(() => {
    if (composingDuringTurn) prefetchPromptQueue();
  }, [composingDuringTurn]);

  const submit = () => {
    if (disabled || empty) return;
    if (queues) queue.enqueue(draft, files.attachments);
    else send(draft, files.attachments);
    setDraft('');
    files.clear();
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter confirms an IME candidate (Japanese, Chinese, Korean...): it must never send.
    // Safari reports the confirming keydown after compositionend, with keyCode 229.
    if (composing.current || event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (slash.handleKeyDown(event) || mentionField.current?.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      submit();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const data = event.clipboardData;
    const pasted = Array.from(data?.files ?? []);
    if (pasted.length === 0) return;
    // Rich copies (spreadsheet cells, documents) carry HTML plus a picture of it: the user wants
    // the text. Screenshots and copied files carry no HTML: attach them.
    if (Array.from(data.types ?? []).includes('text/html')) return;
    event.preventDefault();
    if (!disabled) void files.add(pasted);
  };

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    if (!disabled) void files.add(Array.from(event.dataTransfer.files));
  };

  const hint = slash.hint;
  const shownPlaceholder = hint ?? placeholder ?? (running ? messages.placeholder_running : messages.placeholder);
  const waitingId = useId();

  return (
    <div
      data-slot="prompt-input"
      data-state={running ? 'running' : waiting ? 'waiting' : 'idle'}
      data-disabled={disabled ? 'true' : undefined}
      data-dragging={dragging ? 'true' : undefined}
      {...rest}
      ref={ref}
      className={cx('acp-prompt-input', className)}
      onDragOver={composeHandlers(hostOnDragOver, onDragOver)}
      onDragLeave={composeHandlers(hostOnDragLeave, onDragLeave)}
      onDrop={composeHandlers(hostOnDrop, onDrop)}
    >
      <PromptQueueList queue={queue} disabled={disabled} messages={messages} />
      <RefusalNotice refusals={files.refusals} maxBytes={maxAttachmentBytes} onDismiss={files.dismissRefusals} messages={messages} />
      {mentionSource && <MentionNotesOnDemand notes={notes} onDismiss={() => setNotes([])} />}
      <div className="acp-prompt-input__composer" data-slot="prompt-input-composer">
        <AttachmentChips attachments={files.attachments} onRemove={files.remove} disabled={disabled} messages={messages} />
        <div className="acp-prompt-input__field">
          {display !== draft && <MentionOverlayOnDemand fieldRef={textareaRef} segments={parseDraft(draft)} />}
          <textarea
            ref={textareaRef}
            className="acp-prompt-input__textarea"
            data-slot="prompt-input-textarea"
            rows={1}
            value={display}
            placeholder={shownPlaceholder}
            aria-label={messages.input_label}
            disabled={disabled}
            autoFocus={autoFocus}
            spellCheck
            {...slash.inputProps}
            // Until the mention part has loaded, a plain edit (mentions still kept, see applyFieldChange).
            onChange={(e) =>
              mentionField.current ? mentionField.current.onChange(e) : setDraft(mentionSource ? applyFieldChange(draft, e.target.value).value : e.target.value)
            }
            onSelect={(e) => mentionField.current?.track(e.currentTarget)}
            onFocus={(e) => mentionField.current?.track(e.currentTarget)}
            onKeyDown={onKeyDown}
            onCompositionStart={() => {
              composing.current = true;
            }}
            onCompositionEnd={() => {
              composing.current = false;
            }}
            onPaste={onPaste}
            onBlur={() => {
              if (slash.open) slash.close();
              mentionField.current?.track(null);
            }}
          />
          {hint && (
            // The hint after the typed `/command `: the placeholder attribute only shows on an empty field.
            <div className="acp-prompt-input__ghost" aria-hidden="true">
              <span className="acp-prompt-input__ghost-text">{display}</span>
              <span className="acp-prompt-input__ghost-hint">{hint}</span>
            </div>
          )}
        </div>
        <div className="acp-prompt-input__toolbar" data-slot="prompt-input-toolbar">
          <button
            type="button"
            className="acp-button acp-prompt-input__attach"
            data-variant="ghost"
            disabled={disabled}
            onClick={() => fileInputRef.current?.click()}
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path
                d="M10.5 4.5 5.2 9.8a1.5 1.5 0 0 0 2.1 2.1l5.6-5.6a3 3 0 0 0-4.2-4.2L3 7.8a4.5 4.5 0 0 0 6.4 6.4L13 10.6"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.3"
                strokeLinecap="round"
              />
            </svg>
            {messages.attach}
          </button>
          <input
            ref={fileInputRef}
            type="file"
            multiple
            hidden
            data-slot="prompt-input-file-input"
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              e.target.value = '';
              void files.add(picked);
            }}
          />
          <span className="acp-prompt-input__spacer" />
          {waiting && !running && (
            <span id={waitingId} className="acp-prompt-input__waiting" data-slot="prompt-input-waiting">
              {messages.waiting}
            </span>
          )}
          {running && (
            <button type="button" className="acp-button acp-prompt-input__stop" data-variant="danger" onClick={queue.stop}>
              <span className="acp-prompt-input__stop-icon" aria-hidden="true" />
              {messages.stop}
            </button>
          )}
          <button
            type="button"
            className="acp-button acp-prompt-input__send"
            data-variant={queues ? undefined : 'primary'}
            aria-keyshortcuts="Enter"
            aria-describedby={waiting && !running ? waitingId : undefined}
            disabled={disabled || empty}
            onClick={submit}
          >
            {queues ? messages.queue : messages.send}
          </button>
        </div>
        {slash.open && (
          // After the field in the DOM (CSS places it above), so Shift+Tab from the field never
          // lands in a list that closes as the field loses focus.
          <SlashCommandMenu
            className="acp-prompt-input__menu"
            id={slash.listboxId}
            commands={slash.items}
            activeIndex={slash.activeIndex}
            optionId={slash.optionId}
            onSelect={slash.complete}
            onActiveChange={slash.setActiveIndex}
            onClose={slash.close}
          />
        )}
        {commands !== undefined && <SlashCommandStatus open={slash.open} count={slash.items.length} />}
        {mentionSource && (
          <MentionControlsOnDemand source={mentionSource} value={draft} setValue={setDraft} textareaRef={textareaRef} handlersRef={mentionField} />
        )}
        {dragging && (
          <div className="acp-prompt-input__drop" aria-hidden="true">
            {messages.drop_here}
          </div>
        )}
      </div>
    </div>
  );
});
PromptInput.displayName = 'PromptInput';
