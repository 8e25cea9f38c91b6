export interface ListedAttachment {
  readonly fileName: string;
  readonly fileUrl: string;
  readonly thumbnailUrl?: string | null;
  readonly mimeType?: string | null;
}

/**
 * Files attached to a notice or an inquiry: a picture as a tile (its small copy when there is one) that opens the
 * whole file, anything else as a download with room for a finger.
 */
export function AttachmentList({ files, label }: { files: ReadonlyArray<ListedAttachment & { readonly key: string }>; label: string }) {
  if (!files.length) return null;
  return (
    <ul className="attachments" aria-label={label}>
      {files.map((file) => (
        <li key={file.key}>
          {file.mimeType?.startsWith('image/') ? (
            <a href={file.fileUrl} target="_blank" rel="noreferrer">
              <img src={file.thumbnailUrl ?? file.fileUrl} alt={file.fileName} loading="lazy" decoding="async" />
            </a>
          ) : (
            <a className="attachments__file" href={file.fileUrl} download={file.fileName}>
              {file.fileName}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
