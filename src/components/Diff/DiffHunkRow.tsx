/** A v2 patch block's `@@` header: where the block sits in the file; the lines between blocks are not in the patch. */
export function DiffHunkRow({ header }: { header: string }) {
  return (
    <div className="acp-diff__hunk" data-slot="diff-hunk" translate="no">
      {header}
    </div>
  );
}
