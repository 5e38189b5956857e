import type { ThreadMessages } from './messages.js';

interface JumpToLatestProps {
  /** New content arrived below since the user scrolled away. */
  unseen: boolean;
  onJump: () => void;
  messages: ThreadMessages;
}

/** Shown while the user is scrolled away from the end; brings them back and resumes following. */
export function JumpToLatest({ unseen, onJump, messages }: JumpToLatestProps) {
  return (
    <button type="button" className="acp-button acp-thread__jump" data-slot="jump-to-latest" data-state={unseen ? 'unseen' : 'seen'} onClick={onJump}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M8 3v9M4 8.5 8 12.5 12 8.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {messages.jump_to_latest}
      {unseen && (
        <>
          <span className="acp-thread__jump-dot" aria-hidden="true" />
          <span className="acp-visually-hidden">{`, ${messages.jump_new_content}`}</span>
        </>
      )}
    </button>
  );
}
