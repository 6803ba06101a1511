/** docs/product.md#pages Edit content: Update → 'Content updated successfully' → the list as it was left; the server's refusal in an alert. */
import { adminContentInput, type AdminContentInput } from '#db/catalog/validation/contents.ts';
import { call } from '#site/lib/api.ts';
import { flashToast } from '#site/stores/toasts.ts';
import { FormAlert, SubmitButton, useHydrated } from '../ui/fields.tsx';
import { checked, useFocusFirstInvalid, useForm } from '../ui/use-form.ts';
import {
  ContentFields,
  contentValues,
  type ContentSource,
  type ContentValues,
  type TagOptions,
} from './ContentFields.tsx';
import { type PageFacts, PageFactSuggestions } from './PageFactSuggestions.tsx';

export default function ContentForm({
  content,
  tags,
  returnTo,
  pageFacts,
}: {
  content: ContentSource;
  tags: TagOptions;
  returnTo: string;
  /** What its own page suggests for the facts it lacks (read after a link check). */
  pageFacts?: PageFacts;
}) {
  const form = useForm<ContentValues>(() => contentValues(content));
  const hydrated = useHydrated();
  useFocusFirstInvalid(form.errors);

  async function update(input: AdminContentInput) {
    await call('saveContent', { params: { id: content._id }, body: input });
    flashToast('success', 'Content updated successfully');
    location.assign(returnTo);
  }

  return (
    <form
      method="post"
      noValidate
      {...form.handlers((v) => checked(adminContentInput.safeParse(v)), update)}
      className="flex flex-col gap-2"
      aria-label="Edit content"
    >
      {pageFacts && (
        <PageFactSuggestions
          facts={pageFacts}
          values={form.values}
          onUse={(texts) => form.setValues((current) => ({ ...current, ...Object.fromEntries(texts) }))}
        />
      )}
      <fieldset disabled={!hydrated} className="contents">
        <ContentFields values={form.values} onChange={form.setValues} errors={form.errors} tags={tags} />
      </fieldset>
      <div className="mt-4 flex flex-col gap-4">
        <FormAlert message={form.alert} />
        <SubmitButton loading={form.sending}>Update</SubmitButton>
      </div>
    </form>
  );
}
