import { useContext, useState } from 'react';
import { format } from '../shared/index.js';
import { MarkdownContext } from './markdown-context.js';
import { classifyImage } from './url-policy.js';

interface MarkdownImageProps {
  src?: string;
  alt?: string;
  title?: string;
}

/**
 * An image from agent markdown. Raster `data:` images show at once (nothing is fetched). Remote
 * images are a privacy leak (the agent learns who reads and when), so they wait behind a button
 * naming the host unless the host app allows them. Anything else shows as its alt text.
 */
export function MarkdownImage({ src, alt, title }: MarkdownImageProps) {
  const { allowRemoteImages, messages } = useContext(MarkdownContext);
  const [requested, setRequested] = useState(false);
  const [failed, setFailed] = useState(false);
  const source = classifyImage(src);
  const text = alt ?? '';

  if (source.kind === 'refused' || failed) {
    return (
      <span className="acp-markdown__image-refused" data-slot="markdown-image-refused">
        {text || messages.image_refused}
      </span>
    );
  }

  if (source.kind === 'remote' && !allowRemoteImages && !requested) {
    return (
      <button type="button" className="acp-button acp-markdown__image-placeholder" data-slot="markdown-image-placeholder" onClick={() => setRequested(true)}>
        <ImageIcon />
        <span>{format(messages.load_image, { host: source.host })}</span>
        {text ? <span className="acp-markdown__image-alt">{text}</span> : null}
      </button>
    );
  }

  return (
    <img
      className="acp-markdown__image"
      data-slot="markdown-image"
      src={source.src}
      alt={text}
      title={title}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

function ImageIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" focusable="false">
      <rect x="2" y="3" width="12" height="10" rx="1.5" />
      <circle cx="6" cy="6.5" r="1.2" />
      <path d="M3 12l3.5-3.5 2.5 2.5 2-2 2.5 2.5" />
    </svg>
  );
}
