import { useState } from 'preact/hooks';

/**
 * A button that copies `text` to the clipboard, named by what it copies (`Copy the key`), and says
 * in a status line whether it worked: a browser may refuse the clipboard to a page.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <span class="copy">
      <button type="button" onClick={copy}>{label}</button>
      <span class="help" role="status">{copied === 'yes' ? 'Copied.' : copied === 'no' ? 'This browser did not let the page copy: select the text and copy it yourself.' : ''}</span>
    </span>
  );
}
