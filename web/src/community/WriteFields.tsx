import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { CATEGORY_IDS, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, LOCATION_MAX, POST_IMAGES_MAX, TRADE_TYPES } from '@domain/limits.js';
import { trimmedCharacterCount } from '@domain/characters.js';
import { megabytes } from '@domain/uploads.js';
import { communityTexts } from '@domain/messages.js';
import type { WritePageQuery } from '../__generated__/WritePageQuery.graphql';
import type { PostDraft } from './drafts';
import type { PickedImage } from './usePickedImages';
import type { FieldErrors } from './writeRules';
import { characterLimit, useRemovalFocus } from '../ui/FormParts';

const w = communityTexts.write;

/** A field's message; with `id` the message is the one the field's control points to (aria-describedby). */
export function FieldError({ message, id }: { message: string | undefined; id?: string }) {
  return message ? (
    <p className="field__error" role="alert" id={id ? `${id}-error` : undefined}>
      {message}
    </p>
  ) : null;
}

/** A labelled field of the write form. */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

interface CountedFieldProps {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  max: number;
  error: string | undefined;
  testId: string;
  multiline?: boolean;
  onChange: (value: string) => void;
}

/** The title or the content: a text with its counter (of the trimmed text, as the post schema counts) and its message. */
export function CountedField({ id, label, value, placeholder, max, error, testId, multiline = false, onChange }: CountedFieldProps) {
  const count = trimmedCharacterCount(value);
  const control = {
    id,
    value,
    placeholder,
    // Past its limit, the field is wrong at once (its counter, which it names, says by how much), not only once sent.
    'aria-invalid': error || count > max ? true : undefined,
    'aria-describedby': error ? `${id}-counter ${id}-error` : `${id}-counter`,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <Field id={id} label={label}>
      {multiline ? <textarea className="field__input field__textarea" {...control} /> : <input className="field__input" {...control} />}
      <span id={`${id}-counter`} className={count > max ? 'field__counter field__counter--over' : 'field__counter'} data-testid={testId}>
        {w.counter(count, max)}
      </span>
      <FieldError message={error} id={id} />
    </Field>
  );
}

/** A select of the write form with its options (value and label). */
export function SelectField(props: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <select id={props.id} className="field__input" value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <FieldError message={props.error} />
    </Field>
  );
}

type Categories = NonNullable<WritePageQuery['response']['categories']>;

/** The category, and its sub-category when it has any. */
export function CategoryField(props: {
  id: string;
  categories: Categories;
  categoryId: string;
  subCategoryId: string;
  error: string | undefined;
  onCategory: (categoryId: string) => void;
  onSubCategory: (subCategoryId: string) => void;
}) {
  // 전체 (CATEGORY_IDS.all) filters the feed; a post cannot be filed under it. The empty choice files it under none.
  const choices = props.categories.filter((candidate) => candidate.databaseId !== CATEGORY_IDS.all);
  const category = choices.find((candidate) => String(candidate.databaseId) === props.categoryId);
  return (
    <Field id={props.id} label={w.categoryLabel}>
      <select id={props.id} className="field__input" value={props.categoryId} onChange={(event) => props.onCategory(event.target.value)}>
        <option value="">{w.noCategory}</option>
        {choices.map((candidate) => (
          <option key={candidate.databaseId} value={candidate.databaseId}>
            {candidate.name}
          </option>
        ))}
      </select>
      {category && category.children.length > 0 ? (
        <select
          id={`${props.id}-sub`}
          aria-label={`${w.categoryLabel} · ${category.name}`}
          className="field__input"
          value={props.subCategoryId}
          onChange={(event) => props.onSubCategory(event.target.value)}
        >
          <option value="">{category.name}</option>
          {category.children.map((child) => (
            <option key={child.databaseId} value={child.databaseId}>
              {child.name}
            </option>
          ))}
        </select>
      ) : null}
      <FieldError message={props.error} />
    </Field>
  );
}

/** A trade post's type, price, place and (when editing) sold mark. */
export function TradeFields({
  idOf,
  draft,
  errors,
  isEdit,
  set,
}: {
  idOf: (field: string) => string;
  draft: PostDraft;
  errors: FieldErrors;
  isEdit: boolean;
  set: <K extends keyof PostDraft>(field: K, value: PostDraft[K]) => void;
}) {
  return (
    <fieldset className="write-form__trade">
      <legend className="field__label">{communityTexts.postFields.tradeInfo}</legend>
      <SelectField
        id={idOf('tradeType')}
        label={w.tradeTypeLabel}
        value={draft.tradeType}
        options={TRADE_TYPES.map((type) => [type, communityTexts.postFields.tradeTypes[type]] as const)}
        error={errors.tradeType}
        onChange={(value) => set('tradeType', value)}
      />
      <Field id={idOf('price')} label={w.priceLabel}>
        <input
          id={idOf('price')}
          className="field__input"
          inputMode="numeric"
          value={draft.price}
          onChange={(event) => set('price', event.target.value)}
          aria-invalid={errors.price ? true : undefined}
        />
        <FieldError message={errors.price} />
      </Field>
      <Field id={idOf('location')} label={w.locationLabel}>
        <input id={idOf('location')} className="field__input" value={draft.location} {...characterLimit(LOCATION_MAX, (value) => set('location', value))} />
        <FieldError message={errors.location} />
      </Field>
      {isEdit ? (
        <label className="write-form__check" htmlFor={idOf('isSold')}>
          <input id={idOf('isSold')} type="checkbox" checked={draft.isSold} onChange={(event) => set('isSold', event.target.checked)} />
          {w.isSoldLabel}
        </label>
      ) : null}
    </fieldset>
  );
}

/** The pictures: previews (busy while uploading) with their remove buttons, and the button that picks more. */
export function ImageField(props: {
  id: string;
  picked: readonly PickedImage[];
  uploading: boolean;
  error: string | undefined;
  onPick: (files: File[]) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const { removeButtonRef, removing } = useRemovalFocus(
    props.picked.map((image) => image.key),
    addButton,
  );
  const remove = (index: number) => {
    removing(index);
    props.onRemove(props.picked[index].key);
  };
  return (
    <div className="field">
      <span className="field__label" id={props.id}>
        {w.imagesLabel}
      </span>
      <ul className="write-form__images" aria-labelledby={props.id}>
        {props.picked.map((image, index) => (
          <li
            key={image.key}
            className={`write-form__image${image.failed ? ' write-form__image--failed' : ''}`}
            data-testid="image-preview"
            aria-busy={image.id === null && !image.failed}
          >
            <img src={image.previewUrl} alt={communityTexts.postFields.image(index + 1)} />
            {image.failed ? (
              <button
                type="button"
                className="write-form__retry"
                aria-label={`${communityTexts.upload.retry} ${index + 1}`}
                onClick={() => props.onRetry(image.key)}
              >
                {communityTexts.upload.retry}
              </button>
            ) : null}
            <button
              type="button"
              className="write-form__remove"
              aria-label={`${w.removeImage} ${index + 1}`}
              ref={removeButtonRef(image.key)}
              onClick={() => remove(index)}
            >
              ×
            </button>
          </li>
        ))}
        {props.picked.length < POST_IMAGES_MAX ? (
          <li>
            <button
              ref={addButton}
              type="button"
              className="write-form__add"
              aria-describedby={`${props.id}-limits`}
              onClick={() => fileInput.current?.click()}
            >
              {w.addImage}
            </button>
          </li>
        ) : null}
      </ul>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        multiple
        hidden
        data-testid="image-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          props.onPick(files);
        }}
      />
      <p className="field__hint" id={`${props.id}-limits`}>
        {communityTexts.upload.limits(POST_IMAGES_MAX, megabytes(IMAGE_MAX_BYTES))}
      </p>
      {props.uploading ? <p className="field__counter">{w.uploading}</p> : null}
      <FieldError message={props.error} />
    </div>
  );
}
