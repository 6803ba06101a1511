/**
 * The content image (docs/product.md#pages Edit content): its URL (required) with a live thumbnail, and an upload (png,
 * gif, jpeg) that fills the URL. A content without an image of its own comes with its generated letter
 * tile's URL, so an edit never needs an upload first. Another site's image is not previewed: the server fetches
 * and keeps it once saved. An upload error shows under the field and as a toast (docs/product.md#messages).
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { isForeignPath, isGivenByAddress, isPlaceholderImage } from '#db/catalog/images.ts';
import { errorMessage } from '#site/lib/api.ts';
import { toast } from '#site/stores/toasts.ts';
import { Field, fieldId } from '../ui/fields.tsx';
import { UPLOAD_ACCEPT, uploadImage } from './upload.ts';

interface ImageFieldProps {
  value: string;
  onValue: (url: string) => void;
  error?: string | undefined;
}

export function ImageField({ value, onValue, error }: ImageFieldProps) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const uploadId = fieldId('imageUpload');
  const src = value.trim();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    try {
      onValue(await uploadImage(file));
      toast('success', 'Image uploaded successfully');
    } catch (failure) {
      const message = errorMessage(failure);
      setUploadError(message);
      toast('error', message);
    } finally {
      setUploading(false);
      // The same file can be chosen again (e.g. after fixing the server).
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_10rem] sm:items-start">
      <div>
        <Field
          name="image"
          label="Image URL"
          placeholder="https://… or upload below"
          required
          hint={
            isPlaceholderImage(value)
              ? 'The letter tile made from the name, until you give an image.'
              : isForeignPath(src)
                ? 'A path of another site, kept as sent: this site shows the letter tile instead. Give a full URL or upload an image to show it here.'
                : isGivenByAddress(src)
                  ? 'Another site’s image: once saved, it is fetched and kept on this site (the letter tile shows until then), so that site never sees who looks.'
                  : undefined
          }
          value={value}
          onValue={onValue}
          error={error}
        />
        <div className="fieldset">
          <label className="fieldset-legend text-sm" htmlFor={uploadId}>
            Upload an image
          </label>
          <input
            ref={input}
            id={uploadId}
            type="file"
            accept={UPLOAD_ACCEPT}
            className={`file-input w-full ${uploadError ? 'file-input-error' : ''}`}
            onChange={(event) => void upload(event)}
            disabled={uploading}
            aria-invalid={uploadError ? true : undefined}
            aria-describedby={`${uploadId}-hint${uploadError ? ` ${uploadId}-error` : ''}`}
          />
          <p id={`${uploadId}-hint`} className="text-xs text-base-content/70">
            PNG, GIF or JPEG, at most 5 MB.
          </p>
          {uploading && (
            <p role="status" className="flex items-center gap-2 text-sm">
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              Uploading…
            </p>
          )}
          {uploadError && (
            <p id={`${uploadId}-error`} className="text-sm text-error" data-field-error="imageUpload">
              {uploadError}
            </p>
          )}
        </div>
      </div>
      <figure className="flex aspect-video w-full items-center justify-center overflow-hidden rounded-box border border-base-300 bg-base-200 sm:mt-9">
        {src && broken !== src && !isGivenByAddress(src) ? (
          <img
            src={src}
            alt="Thumbnail preview"
            className="h-full w-full object-cover"
            data-thumbnail
            onError={() => setBroken(src)}
          />
        ) : (
          <figcaption className="p-2 text-center text-xs text-base-content/70">
            {!src
              ? 'No image yet'
              : isGivenByAddress(src)
                ? 'Shown here once it is kept on this site'
                : 'The image could not be loaded'}
          </figcaption>
        )}
      </figure>
    </div>
  );
}
