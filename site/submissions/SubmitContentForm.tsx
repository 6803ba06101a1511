/**
 * Submit new content (docs/product.md#pages, #validation): only the website URL is required; the name is derived from it as the
 * user types and cannot be edited here (an admin may rename it on review). A tag we do not list may be
 * proposed in each multi-select: it is sent as the others are, a {label, value} pair, and kept with the
 * submission for the admin to create, map or drop (docs/product.md#how-things-change). On success: the notice
 * 'Submission successfully created', the form reset, and home. While the URL is typed, the server says under
 * the field whether it is already listed, waiting, rejected before or new (./url-check.tsx). The
 * server's refusals (a duplicate names the entry it duplicates) show in an alert.
 */
import {
  COSTS,
  perTagKind,
  TAG_KIND_NAMES,
  TAG_KINDS,
  type Cost,
  type Tag,
  type TagKind,
} from '#db/catalog/taxonomy.ts';
import { FIELD_FACETS, type FieldKey } from '#db/catalog/facets.ts';
import { nameFromUrl } from '#db/catalog/urls.ts';
import { submissionInput, type SubmissionInput } from '#db/submissions/validation/submissions.ts';
import { call } from '#site/lib/api.ts';
import { flashToast } from '#site/stores/toasts.ts';
import {
  FacetFieldSelects,
  Field,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  useHydrated,
} from '../ui/fields.tsx';
import { MultiSelect } from '../ui/MultiSelect.tsx';
import { FactFields } from '../ui/FactFields.tsx';
import { FACT_KEYS, type FactKey } from '#db/catalog/validation/facts.ts';
import { checked, useFocusFirstInvalid, useForm } from '../ui/use-form.ts';
import { UrlCheckNote, useUrlCheck } from './url-check.tsx';

/** docs/product.md#pages: "No" and "I don't know" both mean no certification. */
const CERTIFICATION = ['No', 'Yes', "I don't know"] as const;
type Certification = (typeof CERTIFICATION)[number];

type Values = {
  url: string;
  category: Tag[];
  techStack: Tag[];
  type: Tag[];
  cost: Cost;
  certification: Certification;
  description: string;
} & Record<FieldKey, string | null> &
  Record<FactKey, string>;

type Key = 'url' | 'name' | TagKind | FieldKey | FactKey | 'cost' | 'hasCert' | 'description';

const EMPTY: Values = {
  url: '',
  ...perTagKind((): Tag[] => []),
  ...(Object.fromEntries(FIELD_FACETS.map((facet) => [facet.key, null])) as Record<FieldKey, null>),
  cost: 'Free',
  certification: 'No',
  description: '',
  ...(Object.fromEntries(FACT_KEYS.map((key) => [key, ''])) as Record<FactKey, string>),
};

export default function SubmitContentForm({ tags }: { tags: Record<TagKind, Tag[]> }) {
  const form = useForm<Values, Key>(EMPTY);
  const { values, errors, set } = form;
  const hydrated = useHydrated();
  useFocusFirstInvalid(errors);

  const name = nameFromUrl(values.url);
  const urlCheck = useUrlCheck(values.url);
  const setField = (key: FieldKey | FactKey, value: string | null) =>
    form.setValues((current) => ({ ...current, [key]: value }));

  const check = ({ certification, ...fields }: Values) =>
    checked(submissionInput.safeParse({ ...fields, name, hasCert: certification === 'Yes' }));

  async function submitContent(input: SubmissionInput) {
    await call('submitLink', { body: input });
    flashToast('success', 'Submission successfully created');
    form.setValues(EMPTY);
    location.assign('/');
  }

  return (
    <form
      method="post"
      noValidate
      {...form.handlers(check, submitContent)}
      className="flex flex-col gap-2"
      aria-label="Submit new content"
    >
      <fieldset disabled={!hydrated || form.sending} className="contents">
        <Field
          name="url"
          type="url"
          inputMode="url"
          label={
            <>
              Website URL
              <span className="text-error" aria-hidden="true">
                *
              </span>
            </>
          }
          required
          placeholder="https://"
          value={values.url}
          onValue={set('url')}
          error={errors.url}
          aria-describedby="url-check"
        />
        <UrlCheckNote id="url-check" check={urlCheck} />
        <Field
          name="name"
          label="Name"
          readOnly
          value={name}
          onValue={() => undefined}
          error={errors.name}
          hint="Taken from the website address."
        />
        {TAG_KINDS.map((kind) => (
          <MultiSelect
            key={kind}
            name={kind}
            label={TAG_KIND_NAMES[kind].cards}
            options={tags[kind]}
            selected={values[kind]}
            onChange={set(kind)}
            error={errors[kind]}
            creatable
          />
        ))}
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FacetFieldSelects values={values} onValue={setField} errors={errors} />
        </div>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectField
            name="cost"
            label="Cost"
            options={COSTS}
            value={values.cost}
            onValue={(cost) => set('cost')(cost as Cost)}
            error={errors.cost}
          />
          <SelectField
            name="certification"
            label="Provides a certificate?"
            options={CERTIFICATION}
            value={values.certification}
            onValue={(value) => set('certification')(value as Certification)}
            error={errors.hasCert}
          />
        </div>
        <TextAreaField
          name="description"
          label="Description (optional)"
          rows={4}
          value={values.description}
          onValue={set('description')}
          error={errors.description}
        />
        <FactFields values={values} onValue={setField} errors={errors} />
      </fieldset>
      <div className="mt-4 flex flex-col gap-4">
        <FormAlert message={form.alert} />
        <SubmitButton loading={form.sending}>Submit</SubmitButton>
      </div>
    </form>
  );
}
