/** SPEC §2 Edit content: Update → 'Content updated successfully' → /admin/contents; the server's refusal in an alert. */
import { useState, type SubmitEvent } from 'react';
import { adminContentInput } from '#db/validation/admin.ts';
import { apiPut, errorMessage } from '#site/lib/api.ts';
import { flashToast } from '#site/stores/toasts.ts';
import { FormAlert, SubmitButton, fieldErrors, type FieldErrors } from '../forms/ui.tsx';
import { ContentFields, contentValues, type ContentKey, type ContentSource, type ContentValues, type TagOptions } from './ContentFields.tsx';
import { useFocusFirstInvalid, useHydrated } from '../forms/fields.tsx';

export default function ContentForm({ content, tags }: { content: ContentSource; tags: TagOptions }) {
  const [values, setValues] = useState<ContentValues>(() => contentValues(content));
  const [errors, setErrors] = useState<FieldErrors<ContentKey>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();
  useFocusFirstInvalid(errors);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = adminContentInput.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors<ContentKey>(parsed.error.issues));
    setErrors({});
    setSaving(true);
    try {
      await apiPut(`/api/contents/${content._id}`, { _id: content._id, ...parsed.data });
      flashToast('success', 'Content updated successfully');
      location.assign('/admin/contents');
    } catch (error) {
      setServerError(errorMessage(error));
      setSaving(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} onChange={() => setServerError(null)} className="flex flex-col gap-2" aria-label="Edit content">
      <fieldset disabled={!hydrated} className="contents">
        <ContentFields values={values} onChange={setValues} errors={errors} tags={tags} />
      </fieldset>
      <div className="mt-4 flex flex-col gap-4">
        <FormAlert message={serverError} />
        <SubmitButton loading={saving}>Update</SubmitButton>
      </div>
    </form>
  );
}
